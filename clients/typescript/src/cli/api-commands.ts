// The commands that read the API and print: one per endpoint (list, search, get, files, content, stats,
// autocomplete, categories, status, index-status, refresh, events). Text for people, --json for programs.
import type { EventType } from "../events.js";
import type { ListSkillsParams, SearchParams, SkillSummary } from "../types.js";
import type { CommandContext } from "./context.js";
import { highlight, style, table } from "./format.js";
import { UsageError } from "./parse.js";
import { none, one, ownerRepo, trueFalse, whole } from "./values.js";

const number = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, word: string, words = `${word}s`) => `${number(n)} ${n === 1 ? word : words}`;

function pageLine(what: string, p: { page: number; totalPages: number; total: number }) {
  return `${plural(p.total, what)} (page ${p.page} of ${Math.max(1, p.totalPages)})`;
}

const skillRows = (skills: SkillSummary[]) =>
  skills.map((s) => [`${s.owner}/${s.repo}`, number(s.stars), s.categories.join(","), s.description]);

export async function list(c: CommandContext): Promise<number> {
  none(c.args, "list");
  const params = {
    platform: c.o.platform as ListSkillsParams["platform"],
    sort: c.o.sort as ListSkillsParams["sort"],
    order: c.o.order as ListSkillsParams["order"],
    updatedSince: c.o["updated-since"],
    page: whole("page", c.o.page),
    limit: whole("limit", c.o.limit),
  };
  // A category's own list when one is named (GET /categories/{slug}/skills); the whole list otherwise.
  const r = c.o.category === undefined ? await c.client.listSkills(params) : await c.client.listCategorySkills(c.o.category, params);
  if (c.o.json) return c.json({ data: r.data, pagination: r.pagination, meta: r.meta });
  c.print(pageLine("skill", r.pagination));
  if (r.data.length > 0) c.print(table(["SKILL", "STARS", "CATEGORIES", "DESCRIPTION"], skillRows(r.data), c.columns, c.colour));
  return 0;
}

export async function search(c: CommandContext): Promise<number> {
  const q = c.args.join(" ");
  if (!q) throw new UsageError('search needs a query, as in: skills-directory search "pdf -form"', "search");
  const r = await c.client.search(q, {
    category: c.o.category as SearchParams["category"],
    platform: c.o.platform as SearchParams["platform"],
    minStars: whole("min-stars", c.o["min-stars"]),
    hasIndex: trueFalse("has-index", c.o["has-index"]),
    page: whole("page", c.o.page),
    limit: whole("limit", c.o.limit),
  });
  if (c.o.json) return c.json({ data: r.data, pagination: r.pagination, meta: r.meta });
  c.print(
    `${plural(r.pagination.total, "result")} for ${JSON.stringify(r.meta.query)} (page ${r.pagination.page} of ${Math.max(1, r.pagination.totalPages)})`,
  );
  if (r.data.length > 0) {
    const rows = r.data.map((s) => [`${s.owner}/${s.repo}`, number(s.stars), highlight(s.highlights.description, c.colour)]);
    c.print(table(["SKILL", "STARS", "DESCRIPTION"], rows, c.columns, c.colour));
  }
  return 0;
}

export async function get(c: CommandContext): Promise<number> {
  const [owner, repo] = ownerRepo(one(c.args, "a skill as owner/repo", "get"), "get");
  const { data: s, meta } = await c.client.getSkill(owner, repo);
  if (c.o.json) return c.json({ data: s, meta });
  c.print(`${style.bold(s.name, c.colour)}  ${s.owner}/${s.repo}`);
  c.print(s.description);
  c.print("");
  c.print(`stars ${number(s.stars)} · forks ${number(s.forks)} · license ${s.license} · updated ${s.updatedAt.slice(0, 10)}`);
  c.print(`categories: ${s.categories.join(", ")}`);
  if (s.skills.length > 1) c.print(`skills in the repository: ${s.skills.map((k) => k.name).join(", ")}`);
  const commands = Object.entries(s.installCommands);
  if (commands.length > 0) {
    c.print("");
    c.print(table(["PLATFORM", "INSTALL"], commands, c.columns, c.colour));
  }
  return 0;
}

export async function content(c: CommandContext): Promise<number> {
  const [owner, repo] = ownerRepo(one(c.args, "a skill as owner/repo", "content"), "content");
  const r = await c.client.getSkillContent(owner, repo, c.o.path === undefined ? undefined : { path: c.o.path });
  if (c.o.json) return c.json({ data: r.data, meta: r.meta });
  // The file as it is, byte for byte: nothing added, so it can be redirected into a file.
  c.io.stdout.write(r.data.content);
  return 0;
}

export async function files(c: CommandContext): Promise<number> {
  const [owner, repo] = ownerRepo(one(c.args, "a skill as owner/repo", "files"), "files");
  const r = await c.client.listSkillFiles(owner, repo);
  if (c.o.json) return c.json({ data: r.data, meta: r.meta });
  c.print(
    table(
      // The digest shortened for reading; --json has it whole.
      ["PATH", "KIND", "SIZE", "SHA-256"],
      r.data.map((f) => [f.path, f.kind, number(f.size), `${f.sha256.slice(0, 12)}…`]),
      c.columns,
      c.colour,
    ),
  );
  return 0;
}

export async function stats(c: CommandContext): Promise<number> {
  const [owner, repo] = ownerRepo(one(c.args, "a skill as owner/repo", "stats"), "stats");
  const r = await c.client.getSkillStats(owner, repo);
  if (c.o.json) return c.json({ data: r.data, meta: r.meta });
  const s = r.data;
  c.print(`views ${number(s.views)} · installs ${number(s.installs)} · favorites ${number(s.favorites)}`);
  if (s.starHistory.length > 0)
    c.print(
      table(
        ["DATE", "STARS"],
        s.starHistory.map((p) => [p.date, number(p.stars)]),
        c.columns,
        c.colour,
      ),
    );
  return 0;
}

export async function autocomplete(c: CommandContext): Promise<number> {
  const q = c.args.join(" ");
  if (!q) throw new UsageError("autocomplete needs the start of a query, as in: skills-directory autocomplete kube", "autocomplete");
  const r = await c.client.autocomplete(q, { limit: whole("limit", c.o.limit) });
  if (c.o.json) return c.json({ data: r.data, meta: r.meta });
  if (r.data.length > 0)
    c.print(
      table(
        ["SUGGESTION", "SKILLS"],
        r.data.map((s) => [s.text, number(s.count)]),
        c.columns,
        c.colour,
      ),
    );
  return 0;
}

export async function categories(c: CommandContext): Promise<number> {
  if (c.args.length > 1) throw new UsageError("categories takes at most one category slug", "categories");
  const slug = c.args[0];
  if (slug === undefined) {
    const r = await c.client.listCategories({ locale: c.o.locale });
    if (c.o.json) return c.json({ data: r.data, meta: r.meta });
    c.print(
      table(
        ["SLUG", "SKILLS", "NAME"],
        r.data.map((k) => [k.slug, number(k.skillCount), k.name]),
        c.columns,
        c.colour,
      ),
    );
    return 0;
  }
  const r = await c.client.getCategory(slug, { locale: c.o.locale });
  if (c.o.json) return c.json({ data: r.data, meta: r.meta });
  const k = r.data;
  c.print(`${style.bold(k.name, c.colour)}  ${k.slug} · ${plural(k.skillCount, "skill")}`);
  c.print(k.description);
  if (k.subcategories.length > 0) c.print(`subcategories: ${k.subcategories.map((s) => `${s.name} (${number(s.skillCount)})`).join(", ")}`);
  if (k.topSkills.length > 0) {
    c.print("");
    c.print(
      table(
        ["TOP SKILL", "STARS"],
        k.topSkills.map((t) => [`${t.owner}/${t.repo}`, number(t.stars)]),
        c.columns,
        c.colour,
      ),
    );
  }
  return 0;
}

export async function status(c: CommandContext): Promise<number> {
  none(c.args, "status");
  const r = await c.client.getStatus();
  if (c.o.json) return c.json({ data: r.data, meta: r.meta });
  const s = r.data;
  c.print(`API ${s.apiVersion} · built ${s.builtAt} · dataset ${s.datasetGeneratedAt}`);
  c.print(
    `${plural(s.counts.skills, "skill")} · ${plural(s.counts.files, "file")} · ${plural(s.counts.categories, "category", "categories")} · ${number(s.counts.repositoriesKnown)} repositories known`,
  );
  const crawl = s.lastCrawl;
  c.print(
    crawl === null
      ? "last crawl: none recorded"
      : `last crawl: ${crawl.finishedAt} (${crawl.full ? "full" : "partial"}): ${number(crawl.repositories.seen)} seen, ${number(crawl.repositories.added)} added, ${number(crawl.repositories.changed)} changed, ${number(crawl.repositories.removed)} removed, ${number(crawl.repositories.failed)} failed`,
  );
  return 0;
}

export async function indexStatus(c: CommandContext): Promise<number> {
  const [owner, repo] = ownerRepo(one(c.args, "a repository as owner/repo", "index-status"), "index-status");
  const r = await c.client.getIndexStatus(owner, repo);
  if (c.o.json) return c.json({ data: r.data, meta: r.meta });
  const s = r.data;
  c.print(`${s.owner}/${s.repo}: ${s.state}${s.listed ? " (listed)" : " (not listed)"}`);
  if (s.reason !== null) c.print(`reason: ${s.reason}`);
  if (s.rule !== null) c.print(`rule: ${s.rule}`);
  c.print(`last crawled: ${s.lastCrawledAt ?? "never"}`);
  return 0;
}

export async function refresh(c: CommandContext): Promise<number> {
  const [owner, repo] = ownerRepo(one(c.args, "a repository as owner/repo", "refresh"), "refresh");
  const r = await c.client.requestRefresh(owner, repo);
  if (c.o.json) return c.json({ data: r.data, meta: r.meta });
  const q = r.data;
  c.print(`${q.owner}/${q.repo}: queued for the next crawl since ${q.since} (${q.position} of ${q.queueSize} in the queue)`);
  return 0;
}

export async function events(c: CommandContext): Promise<number> {
  none(c.args, "events");
  const params = { since: c.o.since, limit: whole("limit", c.o.limit), type: c.o.type as EventType | undefined };
  if (c.o.all) {
    // The whole feed from `since`: one event a line as JSON with --json (for piping), else a table.
    const rows: string[][] = [];
    for await (const e of c.client.iterateEvents(params)) {
      if (c.o.json) c.print(JSON.stringify(e));
      else rows.push([e.id, e.type, e.occurredAt, `${e.skill.owner}/${e.skill.repo}`]);
    }
    if (!c.o.json && rows.length > 0) c.print(table(["EVENT", "TYPE", "AT", "SKILL"], rows, c.columns, c.colour));
    return 0;
  }
  const r = await c.client.events(params);
  if (c.o.json) return c.json({ data: r.data, meta: r.meta });
  if (r.data.length > 0)
    c.print(
      table(
        ["EVENT", "TYPE", "AT", "SKILL"],
        r.data.map((e) => [e.id, e.type, e.occurredAt, `${e.skill.owner}/${e.skill.repo}`]),
        c.columns,
        c.colour,
      ),
    );
  c.print(r.meta.next === null ? "no more events" : `next: --since ${r.meta.next}`);
  return 0;
}
