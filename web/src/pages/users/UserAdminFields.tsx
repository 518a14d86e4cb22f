import { useTranslation } from "react-i18next";
import type { AllTicket, Profile } from "../../api/types.ts";
import { MultiSelectField } from "../../components/MultiSelectField.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import type { UserValues } from "./userForm.ts";
import { PROFILES } from "../../../../contracts/profiles.ts";
import { useUserOptions } from "./useUserOptions.ts";

interface Props {
  values: UserValues;
  onChange: (patch: Partial<UserValues>) => void;
}

/** Fields only an admin sees: profile, queues, default connection, allTicket. */
export function UserAdminFields({ values, onChange }: Props) {
  const { t } = useTranslation();
  const { queues, whatsapps } = useUserOptions(true);
  return (
    <>
      <SelectField
        label={t("userModal.profile")}
        options={PROFILES.map((profile) => ({ id: profile, label: t(`profiles.${profile}`) }))}
        value={values.profile}
        description={t(`userModal.profileHint.${values.profile}`)}
        onChange={(profile) => onChange({ profile: profile as Profile })}
      />
      <MultiSelectField
        label={t("userModal.queues")}
        placeholder={t("userModal.queuesPlaceholder")}
        options={queues.map((queue) => ({ id: String(queue.id), label: queue.name }))}
        value={values.queueIds}
        onChange={(queueIds) => onChange({ queueIds })}
      />
      <SelectField
        label={t("userModal.whatsapp")}
        options={[
          { id: "", label: t("userModal.noWhatsapp") },
          ...whatsapps.map((whatsapp) => ({ id: String(whatsapp.id), label: whatsapp.name })),
        ]}
        value={values.whatsappId}
        onChange={(whatsappId) => onChange({ whatsappId })}
      />
      <SelectField
        label={t("userModal.allTicket")}
        options={[
          { id: "enabled", label: t("userModal.allTicketEnabled") },
          { id: "desabled", label: t("userModal.allTicketDisabled") },
        ]}
        value={values.allTicket}
        onChange={(allTicket) => onChange({ allTicket: allTicket as AllTicket })}
      />
    </>
  );
}
