import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useState } from "react";
import {
  ComboBox,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../../api/index.ts";
import type { Ticket } from "../../../api/tickets.ts";
import type { QueueRef, UserListItem, WhatsappSummary } from "../../../api/types.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { Button } from "../../../components/Button.tsx";
import * as controls from "../../../components/controls.css.ts";
import { SelectField } from "../../../components/SelectField.tsx";
import { toast } from "../../../components/toast.ts";
import {
  canTransfer,
  matchUsers,
  queueAfterChoosing,
  queuesFor,
  transferUpdate,
  USER_SEARCH_MIN,
} from "../conversation/transferRules.ts";

interface Props {
  isOpen: boolean;
  onClose: () => void;
  ticket: Ticket;
}

/**
 * Transfer a ticket to an attendant (searched by name from 3 characters) and/or a queue,
 * through a connection. A chosen attendant's own queues are offered (the queue is then
 * optional: the ticket keeps its own); with no attendant it waits in the chosen queue as
 * pending. Afterwards a toast says where it went and the desk goes back to /tickets.
 */
export function TransferDialog(props: Props) {
  return props.isOpen ? <TransferForm {...props} /> : null;
}

function TransferForm({ onClose, ticket }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [users, setUsers] = useState<UserListItem[]>([]);
  const [serverQueues, setServerQueues] = useState<QueueRef[] | null>(null);
  const [whatsapps, setWhatsapps] = useState<WhatsappSummary[]>([]);
  const [search, setSearch] = useState("");
  const [userId, setUserId] = useState<number | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(ticket.whatsappId);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    api.users.list().then((list) => current && setUsers(list)).catch(toast.apiError);
    api.lists.whatsapps().then((list) => current && setWhatsapps(list)).catch(toast.apiError);
    // Every department is a destination: a transfer usually leaves the attendant's own queues.
    api.lists.queues()
      .then((list) => current && setServerQueues(list))
      .catch((error) => toast.failure(error, t("chat.transfer.loadError")));
    return () => {
      current = false;
    };
  }, [t]);

  const chosen = users.find((user) => user.id === userId) ?? null;
  const queues = queuesFor(serverQueues ?? [], chosen);

  // The departments may arrive after a colleague was chosen (three lists load at once): his
  // only queue is preselected then, as it is when they were there first.
  useEffect(() => {
    if (serverQueues && chosen) setQueueId((current) => queueAfterChoosing(current, queuesFor(serverQueues, chosen)));
  }, [serverQueues]);
  const matches = useMemo(() => matchUsers(users, search), [users, search]);
  const choice = { userId, queueId, whatsappId };

  // Both the text and the choice are controlled, so the text follows the choice here:
  // the chosen name, or nothing when the choice is undone (Escape reverts).
  const chooseUser = (key: Key | null) => {
    const user = key === null ? null : users.find((entry) => entry.id === Number(key));
    setUserId(user?.id ?? null);
    setSearch(user?.name ?? "");
    setQueueId((current) =>
      queueAfterChoosing(current, queuesFor(serverQueues ?? [], user ?? null))
    );
  };

  const typeUser = (text: string) => {
    setSearch(text);
    // Editing the name after choosing someone means choosing again.
    if (userId !== null && text !== users.find((user) => user.id === userId)?.name) setUserId(null);
  };

  const submit = async () => {
    if (!canTransfer(choice) || busy) return;
    setBusy(true);
    try {
      await api.tickets.update(ticket.id, transferUpdate(choice));
      // The ticket leaves the sender's screen: say where it went.
      toast.success(chosen
        ? t("chat.transfer.doneUser", { name: chosen.name })
        : t("chat.transfer.doneQueue", { name: queues.find((queue) => queue.id === queueId)?.name ?? "" }));
      onClose();
      navigate("/tickets");
    } catch (error) {
      toast.apiError(error);
      setBusy(false);
    }
  };

  return (
    <AppDialog
      title={t("chat.transfer.title")}
      isOpen
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isPending={busy} isDisabled={!canTransfer(choice)}>
            {t("chat.transfer.submit")}
          </Button>
        </>
      }
    >
      <ComboBox
        className={controls.field}
        items={matches}
        inputValue={search}
        onInputChange={typeUser}
        value={userId}
        onChange={chooseUser}
        menuTrigger="input"
        allowsEmptyCollection
        autoFocus
      >
        <Label className={controls.label}>{t("chat.transfer.user")}</Label>
        <Input className={controls.input} />
        <Text slot="description" className={controls.description}>
          {t("chat.transfer.userHint")}
        </Text>
        <Popover className={controls.popover}>
          <ListBox
            className={controls.listBox}
            renderEmptyState={() => (
              <div className={controls.description}>
                {search.trim().length < USER_SEARCH_MIN
                  ? t("chat.transfer.userHint")
                  : t("chat.transfer.noUsers")}
              </div>
            )}
          >
            {(user: UserListItem) => (
              <ListBoxItem id={user.id} textValue={user.name} className={controls.option}>
                {user.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <SelectField
        label={t("chat.transfer.queue")}
        placeholder={userId === null
          ? t("chat.transfer.queuePlaceholder")
          : t("chat.transfer.keepQueue")}
        options={queues.map((queue) => ({ id: String(queue.id), label: queue.name }))}
        value={queueId === null ? null : String(queueId)}
        onChange={(id) => setQueueId(Number(id))}
        // An empty list would not open: wait for the queues rather than ignore the click.
        isDisabled={serverQueues === null}
        isRequired={userId === null}
      />
      <SelectField
        label={t("chat.transfer.connection")}
        placeholder={t("chat.transfer.connectionPlaceholder")}
        options={whatsapps.map((whatsapp) => ({ id: String(whatsapp.id), label: whatsapp.name }))}
        value={whatsappId === null ? null : String(whatsappId)}
        onChange={(id) => setWhatsappId(Number(id))}
      />
    </AppDialog>
  );
}
