import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { Checkbox, Form } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { currentUser } from "../../app/session.ts";
import { Button } from "../../components/Button.tsx";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { formatLocalDate, formatTime } from "../../lib/format.ts";
import {
  addTask,
  deleteTask,
  editTask,
  MAX_TASKS,
  readTasks,
  setTaskDone,
  type Task,
  TASK_MAX,
  taskIssue,
  writeTasks,
} from "./tasks.ts";
import * as css from "./todolist.css.ts";

/** /todolist: the user's tasks, kept in this browser only. */
export default function TodoListPage() {
  useSignals();
  const userId = currentUser.value?.id ?? 0;
  return <TodoList key={userId} userId={userId} />;
}

function TodoList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [tasks, setTasks] = useState<Task[]>(() => readTasks(localStorage, userId));
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<Task | null>(null);
  const [error, setError] = useState<string | null>(null);

  const keep = (next: Task[]) => {
    setTasks(next);
    if (!writeTasks(localStorage, userId, next)) toast.error(t("todo.notSaved"));
  };

  const submit = () => {
    const issue = taskIssue(text, tasks, editing === null);
    if (issue) {
      setError(
        issue === "required"
          ? t("validation.required")
          : issue === "tooLong"
          ? t("validation.tooLong", { max: TASK_MAX })
          : t("todo.full", { max: MAX_TASKS }),
      );
      return;
    }
    keep(editing ? editTask(tasks, editing.id, text) : addTask(tasks, text));
    setEditing(null);
    setText("");
    setError(null);
  };

  const startEdit = (task: Task) => {
    setEditing(task);
    setText(task.text);
    setError(null);
  };

  const cancelEdit = () => {
    setEditing(null);
    setText("");
    setError(null);
  };

  const remove = (task: Task) => {
    keep(deleteTask(tasks, task.id));
    if (editing?.id === task.id) cancelEdit();
  };

  return (
    <div className={page.page}>
      <PageHeader title={t("todo.title")} />
      <Form
        className={css.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className={css.field}>
          <TextInput
            label={t("todo.task")}
            value={text}
            onChange={(value) => {
              setText(value);
              setError(null);
            }}
            error={error}
            description={t("todo.localOnly")}
            maxLength={TASK_MAX}
            autoComplete="off"
          />
        </div>
        <div className={css.buttons}>
          {/* The primary button toggles between add and save while a task is edited. */}
          <Button type="submit">{editing ? t("todo.save") : t("todo.add")}</Button>
          {editing
            ? <Button variant="secondary" onPress={cancelEdit}>{t("todo.cancel")}</Button>
            : null}
        </div>
      </Form>
      <div className={page.scroller}>
        {tasks.length === 0 ? <p className={page.empty}>{t("todo.empty")}</p> : (
          <ul className={css.list} aria-label={t("todo.list")}>
            {tasks.map((task) => (
              <li
                key={task.id}
                className={css.item}
                data-editing={editing?.id === task.id || undefined}
                data-done={task.done || undefined}
              >
                <Checkbox
                  className={css.done}
                  isSelected={task.done ?? false}
                  onChange={(done) => keep(setTaskDone(tasks, task.id, done))}
                  aria-label={t("todo.done", { text: task.text })}
                >
                  {({ isSelected }) => (
                    <span className={css.box}>{isSelected ? <Icon name="check" size={16} /> : null}</span>
                  )}
                </Checkbox>
                <div className={css.main}>
                  <span className={css.text}>{task.text}</span>
                  <time className={css.date} dateTime={task.updatedAt}>
                    {`${formatLocalDate(task.updatedAt)} ${formatTime(task.updatedAt)}`}
                  </time>
                </div>
                <EditDeleteButtons
                  editLabel={t("todo.edit", { text: task.text })}
                  deleteLabel={t("todo.delete", { text: task.text })}
                  onEdit={() => startEdit(task)}
                  onDelete={() => remove(task)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
