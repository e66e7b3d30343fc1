import { describeFuzz } from "@/test/fuzz-suite";

describeFuzz(0, 3);
