/** The GSM 03.38 default alphabet: one septet each. */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
/** The extension table: an escape plus the character, two septets each. */
const GSM_EXTENDED = new Set("^{}\\[~]|€\f");

export type SmsCount = {
  /** Characters as the user sees them. */
  characters: number;
  /** Parts the network bills; 0 for an empty text. */
  segments: number;
  encoding: "GSM-7" | "UCS-2";
};

/**
 * How an SMS splits: GSM-7 fits 160 septets in one part and 153 per part when
 * split; any character outside it switches the whole text to UCS-2, 70 and 67
 * UTF-16 units.
 */
export function smsSegments(text: string): SmsCount {
  const characters = [...text].length;
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { characters, segments: parts(septets, 160, 153), encoding: "GSM-7" };
  return { characters, segments: parts(text.length, 70, 67), encoding: "UCS-2" };
}

const parts = (units: number, single: number, multi: number) => (units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi));
