// Global stylesheet: Gatsby inlines it into every page's HTML (no runtime CSS-in-JS).
import './src/styles/global.css';
