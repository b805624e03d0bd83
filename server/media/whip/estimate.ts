import { ReceiverEstimatedMaxBitrate, RtcpPayloadSpecificFeedback } from 'werift'

/**
 * What the host tells the sender it may send (REMB), every layer together: the page's ceilings
 * (2.5 + 0.8 + 0.25 Mbit/s) and room to spare. The sender's own loss-based control still backs
 * off on a narrow network (werift reports the losses), and turns its top layers off first.
 */
export const REMB_BPS = 4_000_000

/**
 * The REMB packet (draft-alvestrand-rmcat-remb) saying REMB_BPS for `ssrcs`: the bitrate as an
 * 18-bit mantissa and a 6-bit exponent.
 */
export function estimate(senderSsrc: number, ssrcs: number[]): RtcpPayloadSpecificFeedback {
  let exponent = 0
  while (REMB_BPS >= 2 ** 18 * 2 ** exponent) exponent++
  const feedback = new ReceiverEstimatedMaxBitrate({
    senderSsrc,
    mediaSsrc: 0,
    ssrcNum: ssrcs.length,
    brExp: exponent,
    brMantissa: Math.floor(REMB_BPS / 2 ** exponent),
    ssrcFeedbacks: ssrcs,
  })
  return new RtcpPayloadSpecificFeedback({ feedback })
}
