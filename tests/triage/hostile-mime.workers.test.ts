import { hostileMimeSuite } from "./hostile-mime-suite.ts";

// Inside workerd, where the clock stands still during synchronous work: the caps, not the time
// budget, bound what a hostile message costs.
hostileMimeSuite("hostile MIME in workerd: caps hold before and during parsing");
