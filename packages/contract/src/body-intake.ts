/**
 * What a write route takes from a request body, derived from the route's own body schema (ADR 0030).
 *
 * Admin front ends send back the row they were given: the entity's read-only fields (`id: ""` on create,
 * `createTime`, `orgName`), Gatehouse's own additions to its answers (`builtin`, `inScope`, `manageable`) and
 * form-only fields (`checkPass`, `roles: []`). The intake keeps what the schema declares and nothing else, so only
 * the fields a route writes ever reach its handler (nothing privileged can be smuggled in through a field the
 * route does not write), and it reads the common spellings of "none" and of a number the way a form sends them:
 *
 * - a property an object schema does not declare (with `additionalProperties: false`) is dropped, at every depth;
 * - `""` for a field that takes no text (an id, a number, a choice), and `null` for an optional field that takes
 *   no null, mean "none": null where the field takes null, else the field is absent (a required field then gets
 *   its "请填写…" answer);
 * - a decimal numeral in a string (`"5"`, `" 12 "`) for a field that takes a number and no free text is that
 *   number. Nothing else is converted: `true` is not 1, `"1e3"` and `"0x10"` stay text and are refused.
 *
 * Everything else is left for the schema's validator, which still answers a clear 400 for a wrong value.
 * The server (its body validator) and the dev mock both use this function: one intake for both.
 */

type Node = Record<string, unknown>;
type Intake = (value: unknown) => unknown;

/** Sentinel a field's intake answers for "leave the field out". */
const ABSENT = Symbol('absent');

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  isNode(value) && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

const branchesOf = (schema: Node): Node[] => {
  const union = (schema.anyOf ?? schema.oneOf) as unknown;
  return Array.isArray(union) ? union.filter(isNode) : [];
};

/** The JSON types a schema admits ('any' when it says nothing about them). */
function kindsOf(schema: Node): Set<string> {
  const kinds = new Set<string>();
  const branches = branchesOf(schema);
  if (branches.length) {
    for (const branch of branches) for (const kind of kindsOf(branch)) kinds.add(kind);
    return kinds;
  }
  const type = schema.type;
  if (typeof type === 'string') kinds.add(type);
  else if (Array.isArray(type)) for (const t of type) kinds.add(String(t));
  else if ('const' in schema) kinds.add(schema.const === null ? 'null' : typeof schema.const);
  else if (Array.isArray(schema.enum)) for (const v of schema.enum) kinds.add(v === null ? 'null' : typeof v);
  else kinds.add('any');
  if (kinds.has('integer')) kinds.add('number');
  return kinds;
}

/** The schema's string branches that take free text: no format (a date is not text a number can be). */
function takesFreeText(schema: Node): boolean {
  const branches = branchesOf(schema);
  if (branches.length) return branches.some(takesFreeText);
  const kinds = kindsOf(schema);
  if (kinds.has('any')) return true;
  return kinds.has('string') && schema.format === undefined && !('const' in schema) && !Array.isArray(schema.enum);
}

const INTEGER = /^\s*-?\d{1,16}\s*$/;
const DECIMAL = /^\s*-?\d{1,16}(\.\d{1,16})?\s*$/;

function scalarIntake(schema: Node, kinds: Set<string>): Intake {
  const numeric = kinds.has('number') && !takesFreeText(schema);
  const numeral = kinds.has('integer') && !branchesOf(schema).some((b) => b.type === 'number') ? INTEGER : DECIMAL;
  if (!numeric) return (value) => value;
  return (value) => (typeof value === 'string' && numeral.test(value) ? Number(value) : value);
}

const cache = new WeakMap<object, Intake>();

/** The intake of one schema node (cached per node: a route's schema is compiled once). */
function intakeOf(schema: unknown): Intake {
  if (!isNode(schema)) return (value) => value;
  const known = cache.get(schema);
  if (known) return known;
  const kinds = kindsOf(schema);
  let intake: Intake;
  const objectBranches = branchesOf(schema).filter((b) => kindsOf(b).has('object'));
  const arrayBranches = branchesOf(schema).filter((b) => kindsOf(b).has('array'));
  if (schema.type === 'object' || objectBranches.length === 1) {
    intake = objectIntake(schema.type === 'object' ? schema : (objectBranches[0] as Node), kinds, schema);
  } else if (schema.type === 'array' || arrayBranches.length === 1) {
    const items = intakeOf((schema.type === 'array' ? schema : (arrayBranches[0] as Node)).items);
    const scalar = scalarIntake(schema, kinds);
    intake = (value) => (Array.isArray(value) ? value.map(items) : scalar(value));
  } else {
    intake = scalarIntake(schema, kinds);
  }
  cache.set(schema, intake);
  return intake;
}

function objectIntake(objectSchema: Node, kinds: Set<string>, whole: Node): Intake {
  const properties = isNode(objectSchema.properties) ? objectSchema.properties : {};
  const required = new Set(Array.isArray(objectSchema.required) ? objectSchema.required.map(String) : []);
  const closed = objectSchema.additionalProperties === false && !isNode(objectSchema.patternProperties);
  const fields = Object.entries(properties)
    .filter((entry): entry is [string, Node] => isNode(entry[1]))
    .map(([name, property]) => {
      const propertyKinds = kindsOf(property);
      const takesText = propertyKinds.has('string') || propertyKinds.has('any');
      const takesNull = propertyKinds.has('null') || propertyKinds.has('any');
      const inner = intakeOf(property);
      const optional = !required.has(name);
      const field = (value: unknown): unknown => {
        if ((value === '' && !takesText) || (value === null && !takesNull)) {
          if (takesNull) return null;
          // A required field keeps a null (the validator names it); "" becomes absent, answered as "请填写…".
          return optional || value === '' ? ABSENT : value;
        }
        return inner(value);
      };
      return [name, field] as const;
    });
  const scalar = scalarIntake(whole, kinds);
  return (value) => {
    if (!isPlainObject(value)) return scalar(value);
    const out: Record<string, unknown> = {};
    if (!closed) Object.assign(out, value);
    for (const [name, field] of fields) {
      if (!Object.hasOwn(value, name)) continue;
      const taken = field(value[name]);
      if (taken === ABSENT) delete out[name];
      else out[name] = taken;
    }
    return out;
  };
}

/**
 * The intake of a request body schema: answers a new value holding what the route takes from `value` (see above);
 * `value` itself is not changed.
 */
export function bodyIntake(schema: unknown): (value: unknown) => unknown {
  return intakeOf(schema);
}
