// What a skill tells the agent: to drop its instructions, to hide things from the user, to switch off its own
// safety, or to lure the user into running something.
import { chain } from "../spans.js";
import type { Rule } from "../types.js";

export const AGENT_RULES: Rule[] = [
  {
    id: "override-instructions",
    kind: "prompt-injection",
    severity: { instruction: "high", hidden: "critical", command: "medium", code: "medium", config: "medium" },
    keys: ["ignore", "disregard", "forget", "override", "bypass"],
    re: /\b(?:ignore|disregard|forget|override|bypass)\s{1,4}(?:(?:all|any|the|your|every|of)\s{1,4}){0,3}(?:previous|prior|above|earlier|preceding|system|safety|original|developer)\s{1,4}(?:instructions?|prompts?|rules|guidelines|directives|guardrails|messages|policies)\b/i,
    why: "Telling the agent to drop its instructions is a prompt injection; state what the skill does without overriding the agent's rules.",
  },
  {
    id: "conceal-from-user",
    kind: "prompt-injection",
    severity: { instruction: "high", hidden: "critical", command: "medium", code: "medium", config: "medium" },
    keys: ["tell", "inform", "mention", "reveal", "disclose", "notify", "alert", "without", "hide", "conceal", "keep"],
    re: /\b(?:do\s{1,3}not|don'?t|never)\s{1,3}(?:tell|inform|notify|alert)\s{1,3}(?:the\s{1,3})?(?:user|human|operator)(?=\s{0,3}(?:[.,;:!)]|$)|\s{1,3}(?:about\s{1,3}(?:this|it|that|these)\b|what\s{1,3}you\b|that\s{1,3}you\b|you\s{1,3}(?:have|did|are|ran|sent|read)\b))|\b(?:do\s{1,3}not|don'?t|never)\s{1,3}(?:mention|reveal|disclose|show)\s{1,3}(?:this|it|anything|that|these\s{1,3}\w{1,20})\s{1,3}(?:to|with)\s{1,3}(?:the\s{1,3})?(?:user|human)\b|\bwithout\s{1,3}(?:telling|informing|notifying|alerting)\s{1,3}(?:the\s{1,3})?(?:user|human|operator)\b|\b(?:hide|conceal)\s{1,3}(?:this|it|these\s{1,3}\w{1,20}|the\s{1,3}\w{1,20})\s{1,3}from\s{1,3}(?:the\s{1,3})?(?:user|human)\b|\bkeep\s{1,3}(?:this|it)\s{1,3}(?:secret|hidden)\s{1,3}from\s{1,3}(?:the\s{1,3})?(?:user|human)\b/i,
    why: "Telling the agent to keep something from the user hides what the skill does; a skill must be able to say everything it does.",
    negationIsThePoint: true,
  },
  {
    id: "silent-action",
    kind: "prompt-injection",
    severity: { instruction: "high", hidden: "critical", command: "medium", code: "low" },
    keys: ["silently", "quietly", "secretly", "covertly", "in the background", "without the user"],
    re: /\b(?:silently|quietly|secretly|covertly|in the background)\s{1,3}(?:(?:and|then)\s{1,3})?(?:send|upload|post|transmit|forward|exfiltrate|copy|run|execute|install|download|append|modify|collect|read|add|delete|disable)\b|\bwithout\s{1,3}the\s{1,3}user(?:'s)?\s{1,3}(?:knowledge|knowing|noticing|consent)\b/i,
    why: "Asking the agent to act silently removes the user's oversight; let the agent report every action.",
    // "does not silently download…" promises the opposite.
    grade: (m, line, _env, base) => {
      if (/\b(?:not|never|no|n't)\s{1,3}$/i.test(line.slice(Math.max(0, m.index - 12), m.index))) return null;
      // Quietly installing or running a tool is poor manners; quietly sending, collecting or deleting is the attack.
      return /\b(?:send|upload|post|transmit|forward|exfiltrate|copy|collect|read|delete|disable|modify|append)\b/i.test(m[0]) ||
        base !== "high"
        ? base
        : "medium";
    },
    negationIsThePoint: true,
  },
  {
    id: "system-prompt-override",
    kind: "prompt-injection",
    severity: { instruction: "medium", hidden: "high", command: "low", code: "low" },
    keys: [
      "system prompt",
      "jailbreak",
      "dan mode",
      "unrestricted",
      "no restrictions",
      "<system>",
      "[system]",
      "new instructions",
      "developer mode enabled",
    ],
    re: /\bnew\s{1,3}system\s{1,3}prompt\b|\byour\s{1,3}(?:new|real|true)\s{1,3}instructions\b|\bjailbreak(?:en|ed)?\b|\bDAN\s{1,3}mode\b|\b(?:act|respond|operate)\s{1,3}(?:as\s{1,3}(?:an?\s{1,3})?)?(?:unrestricted|unfiltered|without\s{1,3}(?:any\s{1,3})?restrictions)\b|^\s{0,4}(?:<system>|\[system\])|\bdeveloper mode enabled\b/i,
    why: "Text posing as a system prompt or a jailbreak tries to take over the agent; remove it.",
  },
  {
    id: "hidden-agent-instruction",
    kind: "prompt-injection",
    severity: { hidden: "medium" },
    keys: ["ai", "assistant", "agent", "claude", "codex", "gpt", "llm", "model", "you must", "you should"],
    re: /\b(?:AI|assistant|agent|claude|codex|gpt|llm|model|you)\b[^\n]{0,80}?\b(?:must|should|always|need to)\s{1,3}(?:run|execute|send|read|upload|download|ignore|install|fetch|open|call)\b/i,
    why: "An instruction to the agent that the user cannot see on the page hides intent; put instructions in the visible text.",
    chains: [
      chain("i", "\n", [String.raw`\b(?:AI|assistant|agent|claude|codex|gpt|llm|model|you)\b`, 9], 80, [
        String.raw`\b(?:must|should|always|need to)\s{1,3}(?:run|execute|send|read|upload|download|ignore|install|fetch|open|call)\b`,
        22,
      ]),
    ],
  },
  {
    id: "skip-permissions",
    kind: "tool-abuse",
    severity: { code: "medium", command: "medium", instruction: "medium", hidden: "high", config: "medium" },
    keys: [
      "dangerously",
      "bypasspermissions",
      "yolo",
      "full-auto",
      "allow-all-tools",
      "autoapprove",
      "auto-approve",
      "auto approve",
      "trust-all-tools",
    ],
    re: /--dangerously-skip-permissions\b|--dangerously-bypass-approvals-and-sandbox\b|\bbypassPermissions\b|--yolo\b|--full-auto\b|--allow-all-tools\b|--trust-all-tools\b|["']?autoApprove["']?\s{0,2}:\s{0,2}(?:true|\[\s{0,2}["']\*)|\bauto[- ]?approve\s{1,3}(?:all|every|everything)\b/i,
    why: "Running the agent with permission prompts switched off lets anything it reads act unchecked; leave approvals to the user.",
  },
  {
    id: "disable-safety",
    kind: "tool-abuse",
    severity: { instruction: "high", hidden: "critical", command: "medium", code: "medium", config: "medium" },
    keys: [
      "safety",
      "security",
      "sandbox",
      "guardrail",
      "content filter",
      "permission system",
      "permission check",
      "approval system",
      "approval check",
    ],
    re: /\b(?:disable|turn\s{1,3}off|bypass|deactivate|circumvent)\s{1,3}(?:(?:all|the|any|your|its|every)\s{1,3}){0,2}(?:safety|security|sandbox\w{0,3}|guardrails?|content\s{1,3}filters?|permission\s{1,3}(?:system|checks?)|approval\s{1,3}(?:system|checks?))\b(?!\s{1,3}(?:headers?|policy\s{1,3}for\s{1,3}tests|warnings?\s{1,3}in))/i,
    why: "Telling the agent to switch off its safety or sandbox turns any mistake into damage; remove it.",
  },
  {
    id: "allow-everything-settings",
    kind: "tool-abuse",
    severity: { code: "high", command: "high", instruction: "high", hidden: "critical", config: "medium" },
    keys: ["settings.json", "settings.local.json", "config.toml", "allowedtools", '"allow"', "bash(*)"],
    re: /(?:\.claude[/\\]settings(?:\.local)?\.json|\.codex[/\\]config\.toml|\.gemini[/\\]settings\.json|\.cursor[/\\](?:settings|permissions)\.json)[^\n]{0,200}(?:"\*"|Bash\(\*\)|allow\w{0,8}[^\n]{0,40}\*)|(?:"\*"|Bash\(\*\)|allow\w{0,8}[^\n]{0,40}\*)[^\n]{0,200}(?:\.claude[/\\]settings(?:\.local)?\.json|\.codex[/\\]config\.toml)|"(?:allow|allowedTools)"\s{0,3}:\s{0,3}\[\s{0,3}"(?:\*|Bash\(\*\)|Bash)"\s{0,3}\]/i,
    why: "Editing the agent's settings to allow every tool removes the user's approval for everything after; ask for the narrow permission the skill needs.",
    // Every alternative names an agent's settings file or writes an "allow" list.
    needs: (text) => /\.(?:claude|codex|gemini|cursor)[/\\]|"(?:allow|allowedTools)"\s{0,3}:/i.test(text),
  },
  {
    id: "paste-in-terminal",
    kind: "social-engineering",
    severity: { instruction: "low", hidden: "medium", command: "low" },
    keys: ["paste", "terminal", "win+r", "win + r", "run dialog"],
    re: /\b(?:copy|paste)\b[^\n]{0,60}\b(?:into|in|to)\s{1,3}(?:(?:your|the|a)\s{1,3})?(?:terminal|command prompt|powershell|run dialog|cmd)\b|\bopen\s{1,3}(?:the\s{1,3})?(?:terminal|command prompt|powershell)\s{1,3}and\s{1,3}paste\b|\bwin\s{0,3}\+\s{0,3}r\b/i,
    why: "Asking the user to paste a command into a terminal is how install lures get a command run without the agent's checks; let the agent run visible commands instead.",
    chains: [
      chain("i", "\n", [String.raw`\b(?:copy|paste)\b`, 5], 60, [
        String.raw`\b(?:into|in|to)\s{1,3}(?:(?:your|the|a)\s{1,3})?(?:terminal|command prompt|powershell|run dialog|cmd)\b`,
        34,
      ]),
      chain("i", "", [
        String.raw`\bopen\s{1,3}(?:the\s{1,3})?(?:terminal|command prompt|powershell)\s{1,3}and\s{1,3}paste\b|\bwin\s{0,3}\+\s{0,3}r\b`,
        50,
      ]),
    ],
  },
  {
    id: "seed-phrase-request",
    kind: "social-engineering",
    severity: { instruction: "high", hidden: "critical", command: "high", code: "medium" },
    keys: ["seed phrase", "recovery phrase", "mnemonic", "secret recovery"],
    re: /\b(?:enter|provide|paste|share|type|input|send|give|ask\s{1,3}(?:the\s{1,3})?user\s{1,3}for)\b[^\n]{0,60}\b(?:seed|recovery|secret recovery|mnemonic)\s{1,3}(?:phrase|words)\b/i,
    why: "Asking for a wallet's recovery phrase hands over the wallet; no skill needs it.",
    chains: [
      chain(
        "i",
        "\n",
        [String.raw`\b(?:enter|provide|paste|share|type|input|send|give|ask\s{1,3}(?:the\s{1,3})?user\s{1,3}for)\b`, 20],
        60,
        [String.raw`\b(?:seed|recovery|secret recovery|mnemonic)\s{1,3}(?:phrase|words)\b`, 24],
      ),
    ],
  },
];
