import { describeFuzz } from "@/test/fuzz-suite";

describeFuzz(1, 3);
