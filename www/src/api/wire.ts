// The marker of a JSON number in the generated wire types (generated.ts): an exact decimal on the
// wire, never a float here. src/api/types.ts turns it into the planner's forms (`Answer<T>`: its
// text, `Body<T>`: a LosslessNumber).
declare const wireNumber: unique symbol;

/** A JSON number of the wire, as the generated types name it. */
export interface WireNum {
  readonly [wireNumber]: true;
}
