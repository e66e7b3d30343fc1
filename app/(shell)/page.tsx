"use client";
import { Anchor, Breadcrumbs, Container, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";
import { PageTitle } from "@/components/shell/page-title";

export default function DashboardPage() {
  return (
    <Container size="lg" py="lg">
      <Stack>
        <PageTitle parts={["Dashboard"]} />
        <Breadcrumbs separator="/">
          <Anchor component={Link} href="/">
            Home
          </Anchor>
          <Text>Start</Text>
        </Breadcrumbs>
        <Title order={2}>Dashboard</Title>
        <Text c="dimmed">Your organization is ready. Customers, projects and more arrive here as you set them up.</Text>
      </Stack>
    </Container>
  );
}
