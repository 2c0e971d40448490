// The page's own words, per language. Category names and descriptions come from the API in all
// eight locales; the page's words are written here for English and Japanese, and the other
// locales show English words around localised categories.

export const LOCALES = ["en", "zh", "ja", "ko", "es", "fr", "de", "pt"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each locale's name in its own language, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  zh: "中文",
  ja: "日本語",
  ko: "한국어",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  pt: "Português",
};

const en = {
  siteName: "Skills Directory",
  tagline: "Find agent skills for Claude Code, Codex, Cursor and more.",
  skipToContent: "Skip to content",
  searchLabel: "Search skills",
  searchPlaceholder: "Search skills, e.g. pdf -form",
  searchButton: "Search",
  suggestions: "Suggestions",
  helpButton: "Search syntax",
  helpTitle: "Search syntax",
  helpWords: "every word, in any field",
  helpPhrase: "the exact phrase",
  helpField: "a word in one field (name, description, content)",
  helpExclude: "leave out skills with the word",
  helpPrefix: "words starting with react",
  close: "Close",
  filters: "Filters",
  category: "Category",
  platform: "Platform",
  anyCategory: "Any category",
  anyPlatform: "Any platform",
  minStars: "Minimum stars",
  hasIndex: "Has a marketplace index",
  sort: "Sort",
  sortRelevance: "Relevance",
  sortStars: "Most stars",
  sortUpdated: "Recently updated",
  sortName: "Name (A to Z)",
  sortRelevanceNote: "Search results are ranked by relevance.",
  resultsCount: "{n} skills",
  resultsFor: "{n} skills for “{q}”",
  noResults: "No skill matches. Try fewer words or another filter.",
  didYouMean: "Did you mean",
  page: "Page {page} of {pages}",
  previous: "Previous",
  next: "Next",
  pagination: "Pagination",
  language: "Language",
  categories: "Categories",
  browseCategories: "Browse by category",
  allSkills: "All skills",
  skillsInCategory: "Skills in {name}",
  topSkills: "Top skills",
  subcategories: "Subcategories",
  stars: "Stars",
  forks: "Forks",
  license: "License",
  created: "Created",
  updated: "Updated",
  pushed: "Last push",
  platforms: "Platforms",
  install: "Install",
  copy: "Copy",
  copied: "Copied",
  copyFailed: "Copy failed; select the text instead",
  copyCommand: "Copy the {platform} command",
  skillFile: "SKILL.md",
  loadImage: "load image from {host}",
  otherSkills: "Skills in this collection",
  stats: "Statistics",
  views: "Views",
  installs: "Installs",
  favorites: "Favorites",
  starHistory: "Star history",
  starHistoryLabel: "Stars over time, from {from} ({a}) to {to} ({b})",
  noHistory: "No star history yet.",
  byAuthor: "by {name}",
  onGitHub: "View on GitHub",
  loading: "Loading…",
  notFoundTitle: "Page not found",
  notFoundText: "There is no page at this address.",
  skillNotFound: "No skill is listed under {name}.",
  backHome: "Back to the directory",
  rateLimited: "Too many requests for now; try again in {s} seconds.",
  failed: "Something went wrong: {message}",
  retry: "Try again",
  home: "Home",
  apiLink: "API",
  footer: "Data from public GitHub repositories. The same data is served as JSON at /api/v1.",
  demoNotice:
    "Demo data: the skills, owners, star counts and dates here are invented for trying the directory offline; none of them is on GitHub.",
};

export type MessageKey = keyof typeof en;
type Messages = Record<MessageKey, string>;

const ja: Messages = {
  siteName: "スキルディレクトリ",
  tagline: "Claude Code、Codex、Cursor などのエージェントスキルを探せます。",
  skipToContent: "本文へ移動",
  searchLabel: "スキルを検索",
  searchPlaceholder: "スキルを検索（例: pdf -form）",
  searchButton: "検索",
  suggestions: "候補",
  helpButton: "検索構文",
  helpTitle: "検索構文",
  helpWords: "すべての語をいずれかの項目に含む",
  helpPhrase: "完全一致のフレーズ",
  helpField: "1 つの項目の語（name、description、content）",
  helpExclude: "その語を含むスキルを除外",
  helpPrefix: "react で始まる語",
  close: "閉じる",
  filters: "絞り込み",
  category: "カテゴリ",
  platform: "プラットフォーム",
  anyCategory: "すべてのカテゴリ",
  anyPlatform: "すべてのプラットフォーム",
  minStars: "最小スター数",
  hasIndex: "マーケットプレイス索引あり",
  sort: "並べ替え",
  sortRelevance: "関連度",
  sortStars: "スターが多い順",
  sortUpdated: "更新が新しい順",
  sortName: "名前順（A〜Z）",
  sortRelevanceNote: "検索結果は関連度順です。",
  resultsCount: "{n} 件のスキル",
  resultsFor: "「{q}」の検索結果 {n} 件",
  noResults: "一致するスキルはありません。語を減らすか、別の条件をお試しください。",
  didYouMean: "もしかして:",
  page: "{page} / {pages} ページ",
  previous: "前へ",
  next: "次へ",
  pagination: "ページ送り",
  language: "言語",
  categories: "カテゴリ",
  browseCategories: "カテゴリから探す",
  allSkills: "すべてのスキル",
  skillsInCategory: "{name} のスキル",
  topSkills: "人気のスキル",
  subcategories: "サブカテゴリ",
  stars: "スター",
  forks: "フォーク",
  license: "ライセンス",
  created: "作成日",
  updated: "更新日",
  pushed: "最終プッシュ",
  platforms: "プラットフォーム",
  install: "インストール",
  copy: "コピー",
  copied: "コピーしました",
  copyFailed: "コピーできませんでした。テキストを選択してください",
  copyCommand: "{platform} のコマンドをコピー",
  skillFile: "SKILL.md",
  loadImage: "{host} から画像を読み込む",
  otherSkills: "このコレクションのスキル",
  stats: "統計",
  views: "閲覧数",
  installs: "インストール数",
  favorites: "お気に入り",
  starHistory: "スターの推移",
  starHistoryLabel: "スターの推移: {from}（{a}）から {to}（{b}）まで",
  noHistory: "スターの推移はまだありません。",
  byAuthor: "作者: {name}",
  onGitHub: "GitHub で見る",
  loading: "読み込み中…",
  notFoundTitle: "ページが見つかりません",
  notFoundText: "このアドレスにページはありません。",
  skillNotFound: "{name} というスキルは登録されていません。",
  backHome: "ディレクトリに戻る",
  rateLimited: "リクエストが多すぎます。{s} 秒後にもう一度お試しください。",
  failed: "問題が発生しました: {message}",
  retry: "再試行",
  home: "ホーム",
  apiLink: "API",
  footer: "公開 GitHub リポジトリのデータです。同じデータを /api/v1 で JSON として提供しています。",
  demoNotice: "デモデータです。ここにあるスキル、オーナー、スター数、日付はオフラインで試すための架空のもので、GitHub には存在しません。",
};

const MESSAGES: Partial<Record<Locale, Messages>> = { en, ja };

/** The locale whose page words exist, falling back to English. */
export const wordsLocale = (locale: Locale): Locale => (MESSAGES[locale] ? locale : "en");

/** A translator for one locale: `t("resultsCount", { n: 3 })`. */
export function translator(locale: Locale) {
  const messages = MESSAGES[locale] ?? en;
  return (key: MessageKey, vars: Record<string, string | number> = {}): string =>
    messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
export type Translate = ReturnType<typeof translator>;

/** The best of our locales for a list of preferred language tags (navigator.languages). */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    const hit = LOCALES.find((l) => l === base);
    if (hit) return hit;
  }
  return "en";
}

export const isLocale = (value: string | null): value is Locale => LOCALES.some((l) => l === value);
