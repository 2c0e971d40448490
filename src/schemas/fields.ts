// The one table of searched fields. Their order is the order of the three posting lists per term in
// a term shard (src/contract/term-shard.ts), of the per-field sets of the engine and of its scores.
export const FIELDS = ["name", "description", "content"] as const;
export type Field = (typeof FIELDS)[number];

/** Field numbers in index order: 0 name, 1 description, 2 content. */
export const FIELD_NUMBERS: readonly number[] = FIELDS.map((_, f) => f);
export const FIELD_COUNT = FIELDS.length;

export const fieldNumber = (field: Field): number => FIELDS.indexOf(field);
export const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

/**
 * Fields whose adjacent-term pairs are indexed, so phrases there are checked for adjacency. Content is
 * not among them: its pairs are nearly all unique and would multiply the index (measured: 730k pair
 * keys and 29 MB for 2,000 synthetic skills), so in content a phrase needs its words, not their order.
 */
export const PHRASE_FIELDS: readonly boolean[] = [true, true, false];

/**
 * The fields a result is ranked on and can match in (`matches[].field`): the three above, then the
 * names and descriptions of a collection's other skills (the nested index).
 */
export const RANKED_FIELDS = ["name", "description", "content", "skillName", "skillDescription"] as const;
export type RankedField = (typeof RANKED_FIELDS)[number];
export const RANKED_COUNT = RANKED_FIELDS.length;
