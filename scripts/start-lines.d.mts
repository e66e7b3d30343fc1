// Types of start-lines.mjs (plain JavaScript: npm start runs before anything is compiled).
export declare const plain: (line: string) => string;
export declare function duration(ms: number): string;
export declare const FIRST_BUILD_NOTICE: string;
export declare function buildPhase(line: string): string | undefined;
export declare const routeTableStarts: (line: string) => boolean;
export declare function serveAddress(args: string[], environment?: Record<string, string | undefined>): { port: number; host: string | undefined };
export declare function localOrigin(address: { port: number; host?: string }): string;
export declare const inContainer: () => boolean;
export declare function networkLineHolds(line: string, options: { host?: string; container: boolean }): boolean;
export declare function startedEvent(line: string): { empty: boolean } | undefined;
export declare function readyLine(origin: string, started: { empty: boolean } | undefined): string;
