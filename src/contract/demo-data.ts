// The dataset embedded in the repository (data/) is invented: its skills, owners, star counts and
// dates exist so a fresh clone can serve and test the API offline, and none of them is on GitHub.
// data/meta.json says so with `demo: true` (a crawl or a restored snapshot writes a meta.json
// without it), and the build then marks the site in three places that a reader cannot miss:
// /api/v1/status (`demo`, `demoNotice`), a meta tag of the page's index.html that the page turns
// into a notice above every view, and a notice in its 404.html.

/** The meta tag the build adds to the page's index.html for a demo dataset. */
export const DEMO_META = { name: "skills-directory-data", content: "demo" } as const;

/** The sentence /status carries and the static 404 page shows for a demo dataset. */
export const DEMO_NOTICE =
  "Demo data: the skills, owners, star counts and dates served here are invented for trying the directory offline; none of them is on GitHub. A real directory is indexed with `npm run crawl` (with a GitHub token) or restored with `npm run dataset -- restore`.";
