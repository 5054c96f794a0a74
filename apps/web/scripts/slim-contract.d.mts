// Types of slim-contract.mjs for vite.config.ts.

/** Route-definition properties the web never reads at runtime (types only). */
export declare const DROPPED_ROUTE_FIELDS: ReadonlySet<string>;

/** A contract module's source as the web build bundles it: routes without schemas, TypeBox calls marked pure. */
export declare function slimContractModule(code: string, parse: (code: string) => unknown): string;
