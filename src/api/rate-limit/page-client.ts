// Whether a request is the page's own (docs/PAGE.md): it carries the page's header, no credential,
// and no sign of coming from another site. Browsers set Sec-Fetch-Site and a script in a page
// cannot change it, so another site's page cannot spend its visitors' page budget.
import { PAGE_CLIENT_HEADER, PAGE_CLIENT_VALUE } from "../../contract/page-client.js";

export function isPageRequest(headers: Headers): boolean {
  if (headers.get(PAGE_CLIENT_HEADER) !== PAGE_CLIENT_VALUE || headers.has("Authorization")) return false;
  const site = headers.get("Sec-Fetch-Site");
  return site === null || site === "same-origin";
}
