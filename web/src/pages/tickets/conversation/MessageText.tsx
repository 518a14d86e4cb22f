import { textSegments } from "./messageContent.ts";

/** Plain text with WhatsApp *bold*; line breaks kept by the pre-wrap style of the parent. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {text.split("\n").map((line, index) => (
        <span key={index}>
          {index > 0 ? "\n" : null}
          {textSegments(line).map((segment, at) =>
            segment.bold ? <strong key={at}>{segment.text}</strong> : segment.text
          )}
        </span>
      ))}
    </>
  );
}
