import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/IconButton.tsx";
import { toast } from "../../../components/toast.ts";
import { clock } from "./composerText.ts";
import { isRecordingLongEnough, recordingToMp3 } from "./mp3.ts";
import type { useRecorder } from "./useRecorder.ts";
import * as css from "./conversation.css.ts";

interface Props {
  recorder: ReturnType<typeof useRecorder>;
  /** Sends the MP3; resolves when done. */
  onRecorded: (file: File) => Promise<unknown>;
  /** Encoding and sending: the bar stays while the recorder is already released. */
  busy: boolean;
  onBusy: (busy: boolean) => void;
}

/**
 * While recording: cancel, the running timer, send. Sending turns the recording into an
 * MP3 (128 kbps, mono); one under 10,000 bytes is too short to keep and is dropped.
 */
export function RecorderBar({ recorder, onRecorded, busy, onBusy }: Props) {
  const { t } = useTranslation();

  const send = async () => {
    if (busy) return;
    onBusy(true);
    try {
      const recording = await recorder.finish();
      if (!recording) return;
      const file = await recordingToMp3(recording);
      if (!isRecordingLongEnough(file.size)) {
        toast.warning(t("chat.composer.audioTooShort"));
        return;
      }
      await onRecorded(file);
    } catch (error) {
      toast.apiError(error);
    } finally {
      onBusy(false);
    }
  };

  return (
    <div className={css.recorder} role="group" aria-label={t("chat.composer.recording")}>
      <IconButton
        icon="cancel"
        label={t("chat.composer.cancelRecording")}
        onPress={recorder.cancel}
        isDisabled={busy}
      />
      <span className={css.recordingDot} aria-hidden="true" />
      <span className={css.recordingClock} role="timer" aria-label={t("chat.composer.recording")}>
        {clock(recorder.seconds)}
      </span>
      <IconButton
        icon="checkCircle"
        label={t("chat.composer.sendRecording")}
        onPress={() => void send()}
        isDisabled={busy}
      />
    </div>
  );
}
