// Vite's client types: lets the renderer import its stylesheet.
/// <reference types="vite/client" />
