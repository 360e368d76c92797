// Local wall time -> UTC in a zone with DST, choosing as timelib does in gaps and overlaps: a
// time inside a spring-forward gap moves forward by the gap; in an autumn overlap, zones at or
// east of UTC get the later (standard time) instant and zones west of UTC the earlier one.
import type { ZoneRules } from '../zone/zone-rules.ts';

/**
 * `wall` is the local time read as if it were UTC (seconds). `haveZone` and `dst` are the
 * parse's zone flags: when the text named the zone, its DST flag can pick the other side of
 * an overlap.
 */
export function localToUtc(wall: number, zone: ZoneRules, haveZone: boolean, dst: number): number {
  const current = zone.offsetAt(wall);
  const after = zone.offsetAt(wall - current);
  let actual = after;
  let actualTransition = Number.NaN; // computed only when needed below
  if (current === after && haveZone) {
    const currentIsDst = zone.isDstAt(wall);
    if (current >= 0 && dst && !currentIsDst) {
      const earlier = zone.offsetAt(wall - current - 7200);
      const afterTransition = zone.transitionAt(wall - current);
      if (earlier !== after && wall - earlier < afterTransition) {
        actual = earlier;
        actualTransition = zone.transitionAt(wall - current - 7200);
      }
    } else if (current <= 0 && currentIsDst && !dst) {
      const laterAt = wall - current + 7200;
      const later = zone.offsetAt(laterAt);
      const laterTransition = zone.transitionAt(laterAt);
      if (later !== after && wall - later >= laterTransition) {
        actual = later;
        actualTransition = laterTransition;
      }
    }
  }
  if (current === actual) return wall - current;
  if (Number.isNaN(actualTransition)) actualTransition = zone.transitionAt(wall - current);
  const inTransition = wall - actual >= actualTransition + (current - actual) && wall - actual < actualTransition;
  return inTransition ? wall - current : wall - actual;
}
