// Known answers on the real shared dataset, at repository granularity (one result per repository):
// the dataset README's own table, typo'd forms of distinctive names, and skills that live inside a
// collection. Each query lists the repositories a person would pick first. Used by the relevance
// test and by the relevance benchmark.

export type KnownAnswer = [query: string, expected: string[]];

/** The dataset README's known-answer queries. */
export const KNOWN_ANSWERS: KnownAnswer[] = [
  ["fuzz a Rust crate with cargo", ["trailofbits/skills"]],
  ["Ruby fuzzer", ["trailofbits/skills"]],
  ["write YARA malware detection rules", ["trailofbits/skills"]],
  ["is this bank statement PDF forged", ["VerifyPDF/verifypdf-skill"]],
  ["jj rebase bookmark", ["elrond298/jujutsu-skill"]],
  ["Yandex Direct campaigns and bids", ["elsvv/yandex-direct-skill"]],
  ["TON smart contract audit Tolk", ["elsvv/ton-best-practices-skill"]],
  ["PFMEA DFMEA failure mode analysis", ["emadroshandel/pfmea-dfmea-skill"]],
  ["AllStar Link amateur radio node", ["KJ5IRQ/openclaw-skill-asl3"]],
  ["edit Obsidian .canvas files", ["kepano/obsidian-skills"]],
  ["review RPGLE code on IBM i", ["noOne-Oliver/as400-code-review-skill"]],
  ["去除文本中的 AI 生成痕迹", ["op7418/Humanizer-zh"]],
  ["валидация моделей кредитного риска", ["00060633/credit-model-validation-skill"]],
  ["endurance training coaching protocol", ["0800-ivan-digital/training-data", "astellj/section-11"]],
  ["Terraform modules with Terratest CI", ["antonbabenko/terraform-skill"]],
  ["commit a JetBrains changelist", ["LiLittleCat/jetbrains-changelist-commit-skill"]],
  ["Joplin notes REST API", ["jantrix-tw/openclaw-skill-joplin"]],
  ["Making Music DeSantis electronic music", ["FraDevi04/ableton-skill"]],
];

const TERRAFORM = [
  "kdcllc/azure-terraform-skills",
  "antonbabenko/terraform-skill",
  "unleftie/terraform-skill",
  "Qixichao/huawei-cloud-terraform-skill",
];
const MERMAID = ["Agents365-ai/mermaid-skill", "jasonrig/mermaid-skill", "TheNha/mermaid-skill"];

/** Typo'd forms: of distinctive names, and of words in the known-answer queries. */
export const TYPO_ANSWERS: KnownAnswer[] = [
  ["terrafrom", TERRAFORM],
  ["kubernets", ["Jeffallan/claude-skills"]],
  ["jujitsu", ["elrond298/jujutsu-skill"]],
  ["obsidain canvas", ["kepano/obsidian-skills"]],
  ["yandx direct campaigns", ["elsvv/yandex-direct-skill"]],
  ["joplni notes", ["jantrix-tw/openclaw-skill-joplin"]],
  ["pfmae dfmea", ["emadroshandel/pfmea-dfmea-skill"]],
  ["humaniser", ["blader/humanizer", "op7418/Humanizer-zh"]],
  ["mermiad diagram", MERMAID],
  ["fuzz a Rust crate with crago", ["trailofbits/skills"]],
  ["Ruby fuzer", ["trailofbits/skills"]],
  ["write YARA malwre detection rules", ["trailofbits/skills"]],
  ["Terrafrom modules with Terratest CI", ["antonbabenko/terraform-skill"]],
  ["commit a JetBrains changelsit", ["LiLittleCat/jetbrains-changelist-commit-skill"]],
];

/** Skills that live inside a collection, found by their own name. */
export const NESTED_ANSWERS: KnownAnswer[] = [
  ["json canvas", ["kepano/obsidian-skills"]],
  ["obsidian bases", ["kepano/obsidian-skills"]],
  ["cargo fuzz", ["trailofbits/skills"]],
  ["yara rules", ["trailofbits/skills"]],
  ["semgrep rules", ["trailofbits/skills"]],
  ["ruzzy fuzzer", ["trailofbits/skills"]],
  ["expo router", ["expo/skills"]],
  ["remotion best practices", ["remotion-dev/skills"]],
  ["slack gif creator", ["anthropics/skills", "ComposioHQ/awesome-claude-skills"]],
];

/**
 * Paraphrases: a skill's job asked in other words, sharing no word stem with the wanted skill's
 * name and description (checked by the relevance test), so only meaning can find it. For
 * development: the held-out set that judges intent search is not here.
 */
export const PARAPHRASE_ANSWERS: KnownAnswer[] = [
  ["flashcards for memorizing what I study", ["0-BSCode/sage"]],
  ["make recruiters notice my employment history", ["01x-in/resume-writing"]],
  ["am I paying for streaming services I forgot about", ["RowanJu/subs"]],
  ["how hot is my laptop running", ["RuBAN-GT/mac-health-check"]],
  ["tutor who only hints instead of telling", ["RoundTable02/socrates-skill"]],
  ["something fun for idle minutes when the agent is busy", ["Rouhaiseki/claude-coffee-break"]],
  ["protect my sight from staring at monitors all day", ["RuHuangX/Pixel-Eyecare-Pet-Skill"]],
  ["crack riddles and brain teasers", ["assaads/puzzle-pattern-analyzer"]],
  ["take apart an executable to see what it does", ["assaflevy/ghidra-rpc-win"]],
  ["turn a class recording into searchable study material", ["Rowan-rh/video-to-knowledge-base"]],
  ["help a teenager get into a good university", ["00derek/Beacon"]],
  ["what our team ought to tackle after this release", ["008993368-yaz/Growth-Scout"]],
  ["keep my chat group friendly and greet people who join", ["00xLazy/community-manager"]],
  ["which bike rides this week given my power meter numbers", ["0800-ivan-digital/training-data", "astellj/section-11"]],
  ["make this document attachment smaller so email accepts it", ["jinzheng8115/compress-pdf-skill"]],
  ["my agent chat is nearly out of memory, continue elsewhere", ["Rorogogogo/baton-pass"]],
  [
    "sketch boxes and arrows as plain text",
    [
      "Agents365-ai/mermaid-skill",
      "jasonrig/mermaid-skill",
      "TheNha/mermaid-skill",
      "nil957/beautiful-mermaid-skill",
      "ryo-morimoto/mermaid-skill",
    ],
  ],
  ["my essays read like a chatbot wrote them", ["blader/humanizer", "op7418/Humanizer-zh"]],
  ["declarative cloud provisioning with HCL", ["antonbabenko/terraform-skill", "unleftie/terraform-skill"]],
  ["personal wiki with backlinks between documents", ["kennyg/obsidian-skill", "lim1202/obsidian-skill"]],
  ["minutes of what people said in my online huddles", ["saar324/openclaw-skill-meeting-recorder"]],
  ["will google put my homepage high", ["anxiong2025/seo-skill", "seo-skills/seo-audit-skill"]],
];

/**
 * A second development set of paraphrases, written later than the first and over other skills of
 * the shared dataset, under the same rule (no word stem of the wanted skill's name or description):
 * so a change tuned on the first set is checked on queries it was not tuned on.
 */
export const PARAPHRASE_MORE: KnownAnswer[] = [
  ["hunt the origin of a defect hidden deep in nested routines", ["elnur-ibr/trace-lens"]],
  ["speed up fetching huge archives through a desktop accelerator", ["FoxCATT/idm-downloader"]],
  ["ask for a film or series to be added to my home media server", ["jalim/openclaw-skill-seerr"]],
  ["kanban columns for my team", ["cortan-dev/openclaw-skill-trello"]],
  ["stop hijacking through booby-trapped instructions hidden in web pages", ["astecka-m/AgentGuard"]],
  ["value calls and puts and measure delta and gamma exposure", ["FoundationalResearch/optionsderivatives"]],
  ["send my CV to openings on a Chinese hiring platform while I sleep", ["FrankHu-HK/liepin-auto-apply-wizard"]],
  ["stack a business up against rivals in its industry", ["FoundationalResearch/companalysis"]],
  ["file the code projects I bookmarked into my personal vault, grouped by theme", ["FountainChan/github_star_manager_skill"]],
  ["give my clickable mockup to the visual team as artboards", ["FransSwahnLT/prototype-to-figma-skill"]],
  ["build a CV from the apps I made, for job hunting", ["Sigfied/project-to-pdf-resume-skill"]],
  ["let my assistant chat in the messenger popular in Moscow", ["aspalagin/openclaw-max"]],
  ["craft pitch lines and taglines for a company homepage", ["elyxk/prism"]],
];

/**
 * A third development set, written after the intent model's second round was planned and over skills
 * neither earlier set uses, under the same rule (checked by the relevance test): everyday words for
 * a job the skill's own text names in its domain's words.
 */
export const PARAPHRASE_THIRD: KnownAnswer[] = [
  ["fresh interface strings for the i18n service so they appear in French and German", ["FrankIglesias/lokalise-create-skill"]],
  ["settle small invoices in satoshis from a private digital purse", ["Routstr/cocod"]],
  ["romantic evening with my partner this weekend", ["aspectrr/date-skill"]],
  ["rebuild an image of boxes and arrows as a slide deck I can rearrange", ["0731koukou/diagram-to-ppt"]],
  ["should I stop pouring money into a venture that is going nowhere", ["RowanXB/decision-analyst"]],
  ["tell me in plain words how this part of the program fits together", ["Royal-lobster/code-explainer"]],
  ["a companion that digs and crafts with me in a blocky sandbox game", ["astraopenclaw/minecraft-agent"]],
  ["tap through screens of my iPhone program on a virtual handset", ["conorluddy/ios-simulator-skill"]],
  ["how many viewers my clips got and what was said in them", ["aaronnev/youtube-skill"]],
  ["draw the big picture of how a large project is organized so newcomers find their way", ["FrancyJGLisboa/archmap"]],
  ["write a toy compiler or ray tracer yourself to see how they work inside", ["0Sakura721/build-your-own-x-skill"]],
  ["let my bot hold bitcoin and ether and swap them on its own", ["Frankyfliu/openclaw-coinbase-agentic-wallet"]],
];

/**
 * Every table the meaning experiments score, with how deep an answer counts: first for the known-answer
 * tiers (they must not move), the top 5 for the paraphrase sets.
 */
export const ANSWER_TABLES: readonly [label: string, answers: readonly KnownAnswer[], top: number][] = [
  ["the dataset's known answers (first)", KNOWN_ANSWERS, 1],
  ["typo'd distinctive names (first)", TYPO_ANSWERS, 1],
  ["nested skills of collections (first)", NESTED_ANSWERS, 1],
  ["paraphrases (top 5)", PARAPHRASE_ANSWERS, 5],
  ["paraphrases, second set (top 5)", PARAPHRASE_MORE, 5],
  ["paraphrases, third set (top 5)", PARAPHRASE_THIRD, 5],
];
