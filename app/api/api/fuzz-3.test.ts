import { describeFuzz } from "@/test/fuzz-suite";

describeFuzz(2, 3);
