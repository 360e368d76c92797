// Hand-written second-stage rows: the cases issue 12 names, and phrases people type that the
// families do not make. Each meaning is written from the policy (src-main/dates/README.md) as PHP
// terms, or null for "not understood"; see phrase-pieces.ts for the placeholders.
import type { Piece } from './phrase-pieces.ts';

const ROWS: readonly (readonly [string, string | null])[] = [
  // Issue 12's examples.
  ['21 Mar 04:09:39', '{Y}-03-21 04:09:39'], ['MAY 3RD', '{Y}-05-03'], ['1st of January', '{Y}-01-01'], ['27 Sep 23:56', '{Y}-09-27 23:56:00'],
  ['April at 10 pm', 'april 22:00:00'], ['next thurs', 'next thu'], ['12,May', '{Y}-05-12'], ['January 32', null],
  ['1 day after', null], ['1 hour after', null], ['2 hours before', null], ['3 days from', null],
  // The brief's list.
  ['the 3rd of March', '{Y}-03-03'], ['Tuesday week', 'tue +1 week|nowwd!=2'], ['a fortnight on Friday', 'fri +2 weeks|nowwd!=5'], ["10 o'clock", null],
  ['thurs', 'thu'], ['tues', 'tue'], ['weds', 'wed'], ['Thurs.', 'thu'], ['tues.', 'tue'], ['10 a. m.', '10:00:00'],
  ['tomorrow at 10 A.M', 'tomorrow 10:00:00'], ['at 10am', '10:00:00'], ['at noon', '12:00:00'], ['midday', '12:00:00'],
  // Phrases chrono-node used to read, with the policy's reading.
  ['in 3 days', '+3 day'], ['in a week', '+1 week'], ['next Tuesday at 5pm', 'next tue 17:00:00'], ['3 days from now', '+3 day'],
  ['two weeks ago', '-2 week'], ['the day after tomorrow', 'tomorrow +1 day'], ['last night', null], ['this morning', null],
  ['tonight', null], ['Tuesday at 5pm', 'tue 17:00:00'], ['an hour ago', '-1 hour'], ['An Hour Ago', '-1 hour'], ['one week ago', '-1 week'],
  ['october 4 9pm', '{Y}-10-04 21:00:00'], ['OCTOBER 4 9PM', '{Y}-10-04 21:00:00'], ['2002 may 20', null], ['Feb,first', null],
  ['noon\tfirst\tFeb', null], ['may first', '{Y}-05-01'], ['first may', null], ['this day friday 2033 february 14', null], ['august 4 9am 1994', null],
  ['JULY 12ST, 1966', '1966-07-12'], ['19ND JUNE 1947', '1947-06-19'], ['JUN 2TH', '{Y}-06-02'], ['26ST OCT', '{Y}-10-26'],
  ['last  day  of  march', '{Y}-03-31'], ['last\tday\tof\toctober', '{Y}-10-31'],
  ['last  day  of  may  23:41  MST', null], ['LAST DAY OF LAST WEEK, IX 3RD', null],
  ['FEB 4ST, 2021, TUE 65566 MINS', null], ['FEBRUARY 27ST, 2021 8:02:47A', null], ['VIII 29ST', null], ['1987:06:17  02:01:54', null],
  // Everyday phrases.
  ['tomorrow at noon', 'tomorrow 12:00:00'], ['sunday at noon', 'sun 12:00:00'], ['yesterday at 3pm', 'yesterday 15:00:00'],
  ['friday at 3pm', 'fri 15:00:00'], ['last friday at 3pm', 'last fri 15:00:00'], ['today at 5pm', 'today 17:00:00'],
  ['5pm on friday', 'fri 17:00:00'], ['at 5pm tomorrow', 'tomorrow 17:00:00'], ['at 5pm on the 3rd of may', '{Y}-05-03 17:00:00'],
  ['May 3, 10am', '{Y}-05-03 10:00:00'], ['the 3rd of may 2027', '2027-05-03'], ['3rd of May, 2027', '2027-05-03'],
  ['May the 3rd', '{Y}-05-03'], ['the 3rd May', '{Y}-05-03'], ['on 3 May', '{Y}-05-03'], ['on friday', 'fri'],
  ['the first of may', '{Y}-05-01'], ['the twenty-first of june', '{Y}-06-21'], ['the thirty-first of december', '{Y}-12-31'],
  ['the thirty-first of april', null], ['in 2 weeks', '+2 week'], ['in two weeks', '+2 week'], ['2 weeks from now', '+2 week'],
  ['2 weeks from today', 'today +2 week'], ['a week from tomorrow', 'tomorrow +1 week'], ['1 week from tomorrow', 'tomorrow +1 week'],
  ['one week from today', 'today +1 week'], ['half an hour ago', '-30 min'], ['in half an hour', '+30 min'], ['in 90 minutes', '+90 min'],
  ['in 1 hour', '+1 hour'], ['in an hour', '+1 hour'], ["in 3 days' time", '+3 day'], ["in a week's time", '+1 week'],
  ['a week on friday', 'fri +1 week|nowwd!=5'], ['friday week', 'fri +1 week|nowwd!=5'], ['friday fortnight', 'fri +2 weeks|nowwd!=5'],
  ['the friday after next', 'next fri +1 week|nowwd!=5'], ['friday after next', 'next fri +1 week|nowwd!=5'],
  ['a week today', 'today +1 week'], ['a week tomorrow', 'tomorrow +1 week'], ['this time tomorrow', '+1 day'],
  ['this time next week', '+1 week'], ['3 days ago at 3pm', '-3 day 15:00:00'], ['in 3 days at 3pm', '+3 day 15:00:00'],
  ['next friday at 10am', 'next fri 10:00:00'], ['2026-05-03 at 10:00', '2026-05-03 10:00:00'], ['12, may', '{Y}-05-12'],
  ['may,12', '{Y}-05-12'], ['may, 12', '{Y}-05-12'], ['12th,may', '{Y}-05-12'], ['the 3rd of next month', '{YM+1}-03'],
  ['the 15th of this month', '{YM}-15'], ['the 31st of next month', '{YM+1}-31'], ['10 in the morning', '10:00:00'],
  ['3 in the afternoon', '15:00:00'], ['8 in the evening', '20:00:00'], ["tomorrow at 8 o'clock in the evening", 'tomorrow 20:00:00'],
  ['2 days after tomorrow', 'tomorrow +2 day'], ['3 days before friday', 'fri -3 day'], ['a week before the 3rd of may', '{Y}-05-03 -1 week'],
  ['2 weeks after 1 june', '{Y}-06-01 +2 week'], ['a week from friday', 'fri +1 week'], ['march 10 this year', '{Y}-03-10'], ['apr 21 next year', '{Y+1}-04-21'], ['mon  week', 'mon +1 week|nowwd!=1'],
  // Not understood: vague, ambiguous, unanchored, typos, sentences.
  ['tomorrow at 10', null], ['friday at 5', null], ['at 10', null], ['tomorrow at midnight', null], ['half past 3', null],
  ['a couple of days ago', null], ['in a few hours', null], ['end of the month', null], ['the weekend', null], ['christmas', null],
  ['tomorow', null], ['tommorow at 5pm', null], ['thrusday', null], ['febuary 3rd', null], ['next thrusday', null],
  ['I have 2 cats', null], ['call me tomorrow', null], ['meeting on friday at 5pm with bob', null], ['2 dyas ago', null],
  ['the 3rd', null], ['on the 21st', null], ['two weeks', null], ['an hour', null], ['3 days later', null], ['a week after', null],
];

export const HAND_WRITTEN: Piece[] = ROWS.map(([text, php]) => ({ text, php }));
