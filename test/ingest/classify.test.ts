// The categories classifier against a hand-labelled sample of real skills from the shared dataset (on
// its sample, test/support/shared-dataset.ts, the labelled skills the sample holds):
// precision, recall and top-1 accuracy are printed and held above a floor; the classifier is
// deterministic and always answers 1-3 known slugs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClassifier } from "../../src/ingest/classify.js";
import { parseSkillFile } from "../../src/ingest/skill-file.js";
import { DatasetSkill } from "../../src/schemas/shared-dataset.js";
import { categories } from "../support/crawl-harness.js";
import { FULL_SHARED, SHARED } from "../support/shared-dataset.js";

/** owner/repo:path -> acceptable categories, the first being the best fit (labelled by hand from the files). */
const LABELS: Record<string, string[]> = {
  "0-BSCode/sage:SKILL.md": ["education"],
  "01x-in/codeindex-skills:SKILL.md": ["development"],
  "0505ttt/frontend-design-research-zh:SKILL.md": ["design", "frontend"],
  "0731coderlee-sudo/wechat-publisher:SKILL.md": ["writing", "marketing"],
  "0Sakura721/build-your-own-x-skill:SKILL.md": ["education", "development"],
  "anxiong2025/seo-skill:SKILL.md": ["marketing"],
  "asl677/pencil-perfect-skill:SKILL.md": ["design", "frontend"],
  "asmao812/hermes-multi-profile:SKILL.md": ["devops"],
  "asolfre/plantuml-rendering-skill:SKILL.md": ["design"],
  "assaf758/fetch-atlassian:SKILL.md": ["management", "productivity"],
  "asterlabs-ai/build-on-aster:SKILL.md": ["api", "ai-ml"],
  "asundiev-devrev/arcade-prototyper:SKILL.md": ["design", "frontend"],
  "ellmos-ai/ticket-master:SKILL.md": ["management", "development"],
  "elnur-ibr/trace-lens:SKILL.md": ["development"],
  "elpicio/paper-refernece-archiver:SKILL.md": ["research"],
  "elsvv/ton-best-practices-skill:SKILL.md": ["security", "development"],
  "elwnyli/nano-pdf-qwen:SKILL.md": ["productivity"],
  "elzup/skill-mbt-module-setup:SKILL.md": ["development"],
  "ephraimduncan/libpdf-skill:SKILL.md": ["productivity", "development"],
  "FoundationalResearch/technicalanalysis:SKILL.md": ["finance"],
  "FoundryNet/weather-intel-mcp:SKILL.md": ["data", "api"],
  "FrancisCliment123/instagram-autoposter-skill:SKILL.md": ["marketing"],
  "FranciscoBuiltDat/openclaw-tweet-summarizer-lite:SKILL.md": ["productivity", "marketing"],
  "Frank-Opus/omni-link-learning-skill:SKILL.md": ["education"],
  "Frankie1009zheng/resume-exam-filler:SKILL.md": ["hr", "productivity"],
  "Frannnk/AI-Spec2UI:SKILL.md": ["design", "frontend"],
  "imxv/Pretty-mermaid-skills:SKILL.md": ["design"],
  "jinzheng8115/compress-pdf-skill:SKILL.md": ["productivity"],
  "lizopower/Blog-Writing-Skill:SKILL.md": ["writing"],
  "nickholub/chrome-youtube-skill:SKILL.md": ["productivity"],
  "pdurlej/openclaw-skill-safe-update:SKILL.md": ["devops"],
  "Rorogogogo/polish-my-work-email:SKILL.md": ["writing"],
  "RosMarinas/Sujianlin-Blog-skills:SKILL.md": ["research"],
  "RoundTable02/socrates-skill:SKILL.md": ["education"],
  "Roxanne-yi/game-interaction-expander:SKILL.md": ["design"],
  "Rsystem-create/course-builder-Skill:SKILL.md": ["education"],
  "Rubp114/xiaoyi-dws-cli:SKILL.md": ["productivity"],
  "seo-skills/seo-audit-skill:SKILL.md": ["marketing"],
  "unleftie/terraform-skill:SKILL.md": ["devops", "cloud"],
  "zzunebye/youtube-skill:SKILL.md": ["api", "productivity"],
  "trailofbits/skills:plugins/testing-handbook-skills/skills/cargo-fuzz/SKILL.md": ["security", "testing"],
  "trailofbits/skills:plugins/testing-handbook-skills/skills/ruzzy/SKILL.md": ["security", "testing"],
  "trailofbits/skills:plugins/yara-authoring/skills/yara-rule-authoring/SKILL.md": ["security"],
  "VerifyPDF/verifypdf-skill:SKILL.md": ["finance", "security", "productivity"],
  "elrond298/jujutsu-skill:SKILL.md": ["development"],
  "elsvv/yandex-direct-skill:SKILL.md": ["marketing"],
  "emadroshandel/pfmea-dfmea-skill:SKILL.md": ["management"],
  "kepano/obsidian-skills:skills/json-canvas/SKILL.md": ["productivity"],
  "noOne-Oliver/as400-code-review-skill:SKILL.md": ["development"],
  "op7418/Humanizer-zh:SKILL.md": ["writing"],
  "00060633/credit-model-validation-skill:SKILL.md": ["finance"],
  "antonbabenko/terraform-skill:SKILL.md": ["devops", "cloud"],
  "LiLittleCat/jetbrains-changelist-commit-skill:SKILL.md": ["development"],
  "jantrix-tw/openclaw-skill-joplin:SKILL.md": ["productivity"],
  "blader/humanizer:SKILL.md": ["writing"],
  "anthropics/skills:skills/pdf/SKILL.md": ["productivity"],
  "anthropics/skills:skills/frontend-design/SKILL.md": ["frontend", "design"],
};

const classifier = createClassifier(categories);
const slugs = new Set(categories.categories.map((c) => c.slug));

describe("classifier on hand-labelled real skills", () => {
  it("finds the labelled categories with precision and recall above the floor", () => {
    const all = readFileSync(join(SHARED, "skills.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => DatasetSkill.parse(JSON.parse(l)));
    // The full dataset holds every labelled skill; the sample, those of its repositories.
    const held = new Set(all.map((r) => `${r.owner}/${r.repo}`));
    const wanted = new Set(Object.keys(LABELS).filter((key) => FULL_SHARED || held.has(key.slice(0, key.indexOf(":")))));
    const rows = all.filter((r) => wanted.has(`${r.owner}/${r.repo}:${r.path}`));
    expect(rows).toHaveLength(wanted.size);
    expect(rows.length).toBeGreaterThanOrEqual(FULL_SHARED ? Object.keys(LABELS).length : 10);
    let tp = 0;
    let predicted = 0;
    let gold = 0;
    let top1 = 0;
    const misses: string[] = [];
    for (const row of rows) {
      const key = `${row.owner}/${row.repo}:${row.path}`;
      const parsed = parseSkillFile(row.raw, row.path, row.repo);
      if (!parsed.ok) throw new Error(key);
      const { categories: got } = classifier.classify({
        name: parsed.skill.name,
        description: parsed.skill.description,
        topics: [],
        tags: [],
        content: parsed.skill.body,
      });
      const labels = LABELS[key]!;
      const hit = got.filter((c) => labels.includes(c)).length;
      tp += hit;
      predicted += got.length;
      gold += labels.length;
      if (labels.includes(got[0]!)) top1++;
      else misses.push(`${key}: got ${got.join(",")}, labelled ${labels.join(",")}`);
    }
    const precision = tp / predicted;
    const recall = tp / gold;
    const accuracy = top1 / rows.length;
    console.log(
      `classifier on ${rows.length} labelled skills: precision ${precision.toFixed(2)}, recall ${recall.toFixed(2)}, top-1 ${accuracy.toFixed(2)}`,
    );
    if (misses.length) console.log(`top-1 misses:\n  ${misses.join("\n  ")}`);
    expect(precision).toBeGreaterThanOrEqual(0.6);
    expect(recall).toBeGreaterThanOrEqual(0.5);
    expect(accuracy).toBeGreaterThanOrEqual(0.7);
  });
});

describe("classifier rules", () => {
  const base = { topics: [], tags: [], content: "" };

  it("answers one to three known slugs, deterministically", () => {
    const inputs = [
      { ...base, name: "x", description: "" },
      {
        ...base,
        name: "terraform-modules",
        description: "Write Terraform modules, Kubernetes manifests and GitHub Actions pipelines for AWS.",
      },
      { ...base, name: "seo-audit", description: "SEO audit of a landing page with keyword research." },
    ];
    for (const input of inputs) {
      const a = classifier.classify(input);
      expect(a).toEqual(classifier.classify(input));
      expect(a.categories.length).toBeGreaterThanOrEqual(1);
      expect(a.categories.length).toBeLessThanOrEqual(3);
      for (const c of a.categories) expect(slugs.has(c)).toBe(true);
      for (const s of a.subcategories) expect(a.categories).toContain(s.split("/")[0]);
    }
    expect(classifier.classify(inputs[0]!).categories).toEqual(["productivity"]);
    expect(classifier.classify(inputs[1]!).categories[0]).toBe("devops");
    expect(classifier.classify(inputs[2]!)).toMatchObject({ categories: ["marketing"], subcategories: ["marketing/seo"] });
  });

  it("does not count packaging words (claude, agent, skill) as subject evidence", () => {
    const r = classifier.classify({
      ...base,
      name: "claude-agent-skill",
      description: "A Claude Code agent skill that writes unit tests with Vitest.",
    });
    expect(r.categories[0]).toBe("testing");
    expect(r.categories).not.toContain("ai-ml");
  });

  it("falls back to the body when the labels say nothing", () => {
    const r = classifier.classify({
      ...base,
      name: "helper",
      description: "Helps.",
      content: "Use pandas to load the CSV into a dataframe, then plot with matplotlib.",
    });
    expect(r.categories).toEqual(["data"]);
  });
});
