// Every form of the window, one way. What is typed stays whatever happens: a refusal never empties
// a field. A submit first checks the values (the request the form would send, judged by the app
// API's own schema through form-check.ts, or by the form's own rule); each problem goes next to
// its field and the focus to the first field marked wrong. Only what passed is sent, and what comes
// back is the form's outcome, or a field's problem when it is about one field.
import { useLayoutEffect, useRef, useState, type SyntheticEvent, type RefObject } from 'react';
import type { Checked } from '../../src-shared/checked.ts';
import { messageOf } from './hooks.ts';

/** What came of a submit, said under the form. */
export interface Outcome {
  ok: boolean;
  text: string;
}

type Problems<K extends string> = Partial<Record<K, string>>;

export interface FormSpec<V, T, K extends string> {
  initial: V | (() => V);
  /** The request the values make, or what is wrong with them (by field; `problem` when no field). */
  check: (values: V) => Checked<T, K>;
  /** Sends what passed; the words it returns are said under the form. */
  send: (value: T, values: V) => Promise<string | undefined> | string | undefined;
  /** A failed send in words: next to the field it is about (`field`), else under the form. */
  refused?: (error: unknown) => { field?: NoInfer<K> | undefined; text: string };
  /** What the fields hold once a send went through (by default, what was typed). */
  after?: (sent: V) => V;
}

export interface Form<V, K extends string> {
  values: V;
  set: <N extends keyof V>(name: N, value: V[N]) => void;
  errors: Problems<K>;
  outcome: Outcome | undefined;
  busy: boolean;
  /** Says something under the form that no submit of it said (another button of the form). */
  say: (outcome: Outcome | undefined) => void;
  /** For the <form> element: its submit, and where the focus looks for the first wrong field. */
  props: { ref: RefObject<HTMLFormElement | null>; onSubmit: (event: SyntheticEvent) => void; noValidate: true };
  /** One field's value, setter and error, as TextField, PoundsField and WhenField take them. */
  field: <N extends keyof V>(name: N) => { value: V[N]; onChange: (value: V[N]) => void; error: string | undefined };
}

export function useForm<V, T, K extends string>(spec: FormSpec<V, T, K>): Form<V, K> {
  const [values, setValues] = useState<V>(spec.initial);
  const [errors, setErrors] = useState<Problems<K>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  // Bumped by each refusal: the focus then goes to the first field marked wrong, if any.
  const [refusals, setRefusals] = useState(0);
  const ref = useRef<HTMLFormElement>(null);
  // Before the browser paints (a layout effect): the focus never rests a frame on the submit button.
  useLayoutEffect(() => {
    if (refusals > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const refuse = (problems: Problems<K>) => {
    setErrors(problems);
    setRefusals((n) => n + 1);
  };

  const submit = async () => {
    setOutcome(undefined);
    const checked = spec.check(values);
    if (!checked.ok) {
      refuse(checked.fields);
      if (!Object.values(checked.fields).some((m) => m !== undefined)) setOutcome({ ok: false, text: checked.problem });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const said = await spec.send(checked.value, values);
      if (said !== undefined) setOutcome({ ok: true, text: said });
      if (spec.after) setValues(spec.after(values));
    } catch (error) {
      const words = spec.refused?.(error) ?? { text: messageOf(error) };
      if (words.field === undefined) setOutcome({ ok: false, text: words.text });
      else refuse({ [words.field]: words.text } as Problems<K>);
    } finally {
      setBusy(false);
    }
  };

  // A field's error by its name (a field the check never refuses has none).
  const byName: Partial<Record<PropertyKey, string>> = errors;
  const set = <N extends keyof V>(name: N, value: V[N]) => {
    setValues((v) => ({ ...v, [name]: value }));
  };
  return {
    values,
    set,
    errors,
    outcome,
    busy,
    say: setOutcome,
    props: {
      ref,
      noValidate: true,
      onSubmit: (event) => {
        event.preventDefault();
        if (!busy) void submit();
      },
    },
    field: (name) => ({
      value: values[name],
      onChange: (value) => {
        set(name, value);
      },
      error: byName[name],
    }),
  };
}
