// Times in the dataset, the built files and the API are ISO 8601 in UTC to the second
// ("2026-11-21T09:00:00Z"): milliseconds would make two runs of the same input differ for nothing.

/** The instant as ISO 8601 UTC to the second, the milliseconds dropped (not rounded). */
export const isoSeconds = (time: Date | number): string => new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
