"use client";
import { Button } from "@mantine/core";
import { Oops } from "@/components/shell/oops";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <Oops
      text="Something went wrong"
      action={
        <Button mt="md" onClick={reset}>
          Try again
        </Button>
      }
    />
  );
}
