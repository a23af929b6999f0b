export { UNIVERSAL_SENTENCE_ENCODER_DIMENSIONS, UNIVERSAL_SENTENCE_ENCODER_ID, universalSentenceEncoder } from './universal-sentence-encoder.ts'
