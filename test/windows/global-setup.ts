// Makes one Wine prefix with Windows' Node for the whole run (about 15 s) and hands it to the
// tests through the environment; removes it at the end. The renderer is built first, as for the
// Linux browser suite.
import buildRenderer from '../e2e/global-setup.ts';
import { prepareWine, removeWine } from './wine.ts';

export default function globalSetup(): () => void {
  buildRenderer();
  const wine = prepareWine();
  process.env.AM_WINE = JSON.stringify(wine);
  return () => {
    removeWine(wine);
  };
}
