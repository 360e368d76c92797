// The resolver's second stage as the first stage takes it: through this one door, so that a
// bundle can load it on first need. Here, in the sources (the unit tests, the CLI run from its
// sources), it is imported with the first stage. The CLI's bundle and the desktop app's main
// bundle (scripts/phrase-stage-on-demand.ts) put the stage in a chunk of its own and build this
// module as one that loads that chunk the first time a text gets past stage 1, so a service that
// is never asked such a text does not hold the stage's grammar and words.
import { phraseStage } from './phrase/reading.ts';

export type PhraseStage = typeof phraseStage;

/** Stage 2's reader (see ./phrase/reading.ts), loaded if it is not yet. */
export function phraseStageOnDemand(): PhraseStage {
  return phraseStage;
}
