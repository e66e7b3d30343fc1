"use client";
import { Button } from "@mantine/core";
import { Oops } from "./oops";

export function ErrorMessage({ reset }: { reset: () => void }) {
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
