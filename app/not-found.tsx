import { HomeButton, Oops } from "@/components/shell/oops";

export default function NotFound() {
  return <Oops text="Content not found" tab="Not found" action={<HomeButton />} />;
}
