import { useState, type FormEvent } from 'react';
import type { UserQuestion } from '../../tools/types';
import type { PendingQuestion } from '../store';
import { useModalDialog } from './useModalDialog';
import './question.css';

/** A question's answer as it is being chosen: the options ticked, and the person's own words. */
interface Choice {
  picked: string[];
  other: string;
  /** Single select: the person's own words are the answer. */
  otherPicked: boolean;
}

const EMPTY: Choice = { picked: [], other: '', otherPicked: false };

function answerOf(question: UserQuestion, choice: Choice): string[] {
  const own = choice.other.trim();
  if (question.multiSelect) return own !== '' ? [...choice.picked, own] : choice.picked;
  return choice.otherPicked ? (own !== '' ? [own] : []) : choice.picked.slice(0, 1);
}

/**
 * AskUserQuestion's dialog, docked like the permission prompt: each question with its options
 * (one to pick, or several), and "other" for an answer in the person's own words. The call waits
 * while it is open; Escape or "No answer" answers nothing (the call then says nobody answered).
 */
export function QuestionDialog({ question }: { question: PendingQuestion | null }) {
  const dialog = useModalDialog(question !== null);
  return (
    <dialog
      ref={dialog}
      className="permission question"
      data-testid="question-dialog"
      aria-labelledby="question-title"
      onCancel={(event) => {
        event.preventDefault();
        question?.answer(null);
      }}
    >
      {question && <QuestionForm key={question.toolUseId} question={question} />}
    </dialog>
  );
}

function QuestionForm({ question }: { question: PendingQuestion }) {
  const [choices, setChoices] = useState<Choice[]>(() => question.questions.map(() => EMPTY));
  const update = (index: number, change: Partial<Choice>) => setChoices((current) => current.map((choice, i) => (i === index ? { ...choice, ...change } : choice)));
  const answers = question.questions.map((q, i) => answerOf(q, choices[i] ?? EMPTY));
  const complete = answers.every((answer) => answer.length > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    question.answer(Object.fromEntries(question.questions.map((q, i) => [q.question, answers[i]!])));
  };
  return (
    <form onSubmit={submit}>
      <h2 id="question-title">The model asks you</h2>
      <p className="muted mono">{question.toolUseId}</p>
      {question.questions.map((q, index) => {
        const choice = choices[index] ?? EMPTY;
        const name = `question-${question.toolUseId}-${index}`;
        return (
          <fieldset key={q.question} className="question-item">
            <legend>
              {q.header && <span className="question-header">{q.header}</span>} {q.question}
              {q.multiSelect && <span className="muted"> (pick any)</span>}
            </legend>
            {q.options.map((option) => (
              <label key={option.label} className="question-option">
                <input
                  type={q.multiSelect ? 'checkbox' : 'radio'}
                  name={name}
                  checked={choice.picked.includes(option.label) && !(choice.otherPicked && !q.multiSelect)}
                  onChange={(event) =>
                    q.multiSelect
                      ? update(index, { picked: event.target.checked ? [...choice.picked, option.label] : choice.picked.filter((label) => label !== option.label) })
                      : update(index, { picked: [option.label], otherPicked: false })
                  }
                />
                <span>
                  <strong>{option.label}</strong>
                  {option.description && <span className="muted"> · {option.description}</span>}
                </span>
              </label>
            ))}
            <label className="question-option">
              {!q.multiSelect && <input type="radio" name={name} checked={choice.otherPicked} onChange={() => update(index, { otherPicked: true, picked: [] })} aria-label={`Other answer to: ${q.question}`} />}
              <span>Other:</span>
              <input
                type="text"
                value={choice.other}
                aria-label={`Your own answer to: ${q.question}`}
                onChange={(event) => update(index, { other: event.target.value, ...(q.multiSelect ? {} : { otherPicked: true, picked: [] }) })}
              />
            </label>
          </fieldset>
        );
      })}
      <div className="buttons">
        <button type="submit" className="primary" disabled={!complete}>
          Answer
        </button>
        <button type="button" onClick={() => question.answer(null)}>
          No answer
        </button>
      </div>
    </form>
  );
}
