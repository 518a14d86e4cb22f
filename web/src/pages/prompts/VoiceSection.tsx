import { useTranslation } from "react-i18next";
import { FormSection } from "../../components/FormSection.tsx";
import { PasswordInput } from "../../components/PasswordInput.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { VOICE_SUGGESTIONS } from "./promptForm.ts";
import { SuggestField } from "./SuggestField.tsx";

/** One text field's binding: its value, its change and its error. */
export interface Bound {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

interface Props {
  voice: Bound;
  voiceKey: Bound;
  voiceRegion: Bound;
  /** Under the key: that a stored one is kept (it comes masked). */
  keyDescription?: string;
  isExpanded: boolean;
  onExpandedChange: (open: boolean) => void;
}

/**
 * An agent's optional voice (Azure Speech): the voice, its key and region, folded away until
 * asked for. The AI agents' dialog and the flow's OpenAI block both show it.
 */
export function VoiceSection({ voice, voiceKey, voiceRegion, keyDescription, ...fold }: Props) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("prompts.form.voiceSection")} {...fold}>
      <SuggestField
        label={t("prompts.form.voice")}
        {...voice}
        suggestions={VOICE_SUGGESTIONS}
        showLabel={t("prompts.form.suggestions")}
        description={t("prompts.form.voiceHint")}
        maxLength={100}
      />
      <PasswordInput
        label={t("prompts.form.voiceKey")}
        {...voiceKey}
        description={keyDescription}
        autoComplete="off"
        maxLength={500}
      />
      <TextInput
        label={t("prompts.form.voiceRegion")}
        {...voiceRegion}
        autoComplete="off"
        maxLength={50}
      />
    </FormSection>
  );
}
