// The reader's colour mode, applied as <html data-theme>. The head script
// has already set the attribute before first paint; this hook keeps it in
// step with the switch, the system setting and other tabs.

import { useCallback, useEffect, useState } from "react";
import {
  COLOR_MODE_KEY,
  readColorMode,
  resolveTheme,
  saveColorMode,
  type ColorMode,
  type Theme,
} from "../support/colorMode";
import { browserStorage } from "../support/storage";
import { useMediaQuery } from "./useMediaQuery";

export function useColorMode(): { mode: ColorMode; theme: Theme; choose: (mode: ColorMode) => void } {
  const [mode, setMode] = useState<ColorMode>(() => readColorMode(browserStorage("localStorage")));
  const systemPrefersDark = useMediaQuery("(prefers-color-scheme: dark)");
  const theme = resolveTheme(mode, systemPrefersDark);

  useEffect(() => {
    document.documentElement.setAttribute("data-theme", theme);
  }, [theme]);

  // Paper is white: a print uses the light theme, whatever the screen shows.
  useEffect(() => {
    const root = document.documentElement;
    const toLight = () => root.setAttribute("data-theme", "light");
    const back = () => root.setAttribute("data-theme", theme);
    window.addEventListener("beforeprint", toLight);
    window.addEventListener("afterprint", back);
    return () => {
      window.removeEventListener("beforeprint", toLight);
      window.removeEventListener("afterprint", back);
    };
  }, [theme]);

  // A choice made in another tab applies here too.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === COLOR_MODE_KEY) setMode(readColorMode(browserStorage("localStorage")));
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const choose = useCallback((next: ColorMode) => {
    setMode(next);
    saveColorMode(browserStorage("localStorage"), next);
  }, []);

  return { mode, theme, choose };
}
