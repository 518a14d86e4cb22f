import { useSignals } from "@preact/signals-react/runtime";
import {
  Dialog,
  DialogTrigger,
  Label,
  Popover,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/IconButton.tsx";
import { setVolume, volume } from "../prefs.ts";
import * as css from "./layout.css.ts";

/** Notification volume 0..1 in steps of 0.1 (localStorage "volume", default 1). */
export function VolumeControl() {
  useSignals();
  const { t } = useTranslation();
  return (
    <DialogTrigger>
      <IconButton icon={volume.value === 0 ? "volumeOff" : "volume"} label={t("layout.volume")} />
      <Popover className={css.popover} placement="bottom">
        <Dialog className={css.volumeDialog} aria-label={t("layout.volume")}>
          <Slider
            className={css.slider}
            minValue={0}
            maxValue={1}
            step={0.1}
            value={volume.value}
            onChange={(value) => setVolume(Array.isArray(value) ? value[0] : value)}
            formatOptions={{ style: "percent" }}
          >
            <div className={css.sliderHeader}>
              <Label>{t("layout.volume")}</Label>
              <SliderOutput />
            </div>
            <SliderTrack className={css.sliderTrack}>
              <SliderThumb className={css.sliderThumb} />
            </SliderTrack>
          </Slider>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
