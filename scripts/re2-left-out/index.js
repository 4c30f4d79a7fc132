// superstatic requires re2 in a try/catch and uses RegExp when it fails (see package.json).
throw new Error("re2 is left out of this install (scripts/re2-left-out)");
