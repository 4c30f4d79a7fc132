export { ThemeToggle } from "./theme-toggle";
