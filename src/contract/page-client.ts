// The page's own use of the API, agreed between the page (which sends and paces its requests) and
// the rate limiter (which counts them apart): the header that marks them, the pace the page keeps,
// and the hourly budget the page tier gets. docs/PAGE.md explains the bound and the trade-off.

/** The request header, and its value, that mark a request as the page's own. */
export const PAGE_CLIENT_HEADER = "X-Skills-Client";
export const PAGE_CLIENT_VALUE = "page";

export interface Pace {
  /** Requests that may go at once. */
  burst: number;
  /** Requests a second after the burst. */
  perSecond: number;
}

/** The page's pace: 30 at once, then one every two seconds. */
export const PAGE_PACE: Pace = { burst: 30, perSecond: 0.5 };

/** The most requests a pace lets through in any `seconds`. */
export const paceBound = ({ burst, perSecond }: Pace, seconds: number): number => Math.floor(burst + perSecond * seconds);

/**
 * Requests per hour and address for the page tier: above what one tab can send in ten minutes
 * (paceBound(PAGE_PACE, 600) = 330), below the authenticated tier, so a key stays the better deal
 * for a script.
 */
export const PAGE_BUDGET_PER_HOUR = 600;
