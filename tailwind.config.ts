import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef4ff",
          100: "#dbe6fe",
          600: "#2f4fd8",
          700: "#2540b3",
          800: "#1f3590",
          900: "#1c2f6e",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
