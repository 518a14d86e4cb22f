export const VERSION = "1.3.4";
