// The two constants rulebook/site/offline.py writes in front of site/offline/sw.js.
declare const VERSION: string;
declare const FILES: string[];
