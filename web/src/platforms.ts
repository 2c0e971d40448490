// Platform identifiers and display names, taken at build time from the dataset's platform list
// (the same file the build reads), so the page never spells a platform differently.
import { platforms } from "../../data/platforms.json";

export const PLATFORMS: readonly { id: string; name: string }[] = platforms.map(({ id, name }) => ({ id, name }));
export const platformName = (id: string): string => PLATFORMS.find((p) => p.id === id)?.name ?? id;
