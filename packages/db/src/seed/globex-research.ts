import { ConversationBuilder, reasoning, text, toolResult, type SeedThread } from './builders.ts'

// globex-research: an R&D team's research assistant. Reasoning parts from
// DeepSeek and OpenAI (plain reasoning text, no signatures), DeepSeek tool ids
// (43 characters: too long for OpenAI's 40), and a thread whose next turns go
// to Cerebras, which rejects replayed reasoning.

export const GLOBEX = 'globex-research'

const deepseek = { provider: 'deepseek', modelId: 'deepseek-reasoner' }
const o4mini = { provider: 'openai', modelId: 'o4-mini-2025-04-16' }
const deepseekReasoning = { deepseek: {} }
const openaiReasoning = (itemId: string) => ({ openai: { itemId, reasoningEncryptedContent: null } })

export const globexElectrolytes: SeedThread = new ConversationBuilder(
  { id: 'globex-electrolytes-review', resourceId: GLOBEX, messageIdPrefix: 'msg-globex-elec' },
  '2026-10-27T13:00:00Z',
)
  .user('Start a literature review on solid-state electrolytes for EV batteries. Focus on papers since 2023.')
  .assistant(deepseek, [
    reasoning(
      'Three families matter: oxides (LLZO), sulfides (argyrodites, LGPS) and polymers. Search each family separately, since a combined query is dominated by reviews.',
      deepseekReasoning,
    ),
    toolResult(
      'call_0_7c3b2a1e-5f4d-4e8a-9b1c-2d3e4f5a6b7c',
      'search_papers',
      { query: 'sulfide solid electrolyte argyrodite', since: 2023 },
      {
        hits: 214,
        top: ['Li6PS5Cl interfaces with high-nickel cathodes (2024)', 'Moisture-stable argyrodites via halogen tuning (2023)'],
      },
    ),
    toolResult(
      'call_1_0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f',
      'search_papers',
      { query: 'garnet LLZO dendrite suppression', since: 2023 },
      {
        hits: 163,
        top: ['Grain-boundary engineering in Ta-doped LLZO (2024)', 'Critical current density above 1 mA/cm2 in garnets (2025)'],
      },
    ),
    text(
      'Two clusters stand out: sulfide argyrodites (high conductivity, moisture sensitivity) and garnet LLZO (stable, but dendrites at grain boundaries). Shall I go deeper on one?',
    ),
  ])
  .user('Go deeper on sulfides. What limits their use today?', 6)
  .assistant(deepseek, [
    reasoning(
      'Limits of sulfides: H2S release with moisture, narrow electrochemical window against high-voltage cathodes, and pressure needed to keep contact. Cite the 2024 interface paper for the cathode issue.',
      deepseekReasoning,
    ),
    text(
      'Three limits: (1) they release H2S on contact with moist air, so production needs dry rooms; (2) they decompose against high-voltage cathodes unless coated; (3) cells need stack pressure to keep particle contact. Coatings such as LiNbO3 address the second.',
    ),
  ])
  .user('Summarise that as three bullet points for the steering committee.', 12)
  .assistant(deepseek, [
    reasoning('Keep each bullet under 15 words and lead with the business impact.', deepseekReasoning),
    text(
      '- Dry-room manufacturing raises capex (H2S risk).\n- Cathode coatings are required for high-voltage cells.\n- Stack pressure complicates pack design.',
    ),
  ])
  .build('Literature review: solid-state electrolytes', { project: 'ev-battery-2027' })

export const globexMarketSizing: SeedThread = new ConversationBuilder(
  { id: 'globex-market-sizing', resourceId: GLOBEX, messageIdPrefix: 'msg-globex-market' },
  '2026-11-10T08:30:00Z',
)
  .user('Estimate the 2030 market for sodium-ion grid storage in Europe.')
  .assistant(o4mini, [
    reasoning(
      'Top-down: European grid storage additions in 2030 times the sodium-ion share. Pull the storage forecast first.',
      openaiReasoning('rs_6836c4d5e8f08191a3b5c7d9e1f2a4b6'),
    ),
    toolResult(
      'call_Qm4Zx8Lr2Vt6Ny1Pb9Kc3Hd5',
      'fetch_dataset',
      { dataset: 'eu-grid-storage-forecast', year: 2030 },
      {
        additionsGWh: 95,
        source: 'EU storage outlook 2026',
      },
    ),
    text(
      'Europe is forecast to add about 95 GWh of grid storage in 2030. With a 10-15% sodium-ion share, that is 9.5-14 GWh, or roughly EUR 0.8-1.3 bn at EUR 90/kWh.',
    ),
  ])
  .user('What share assumption would a bear case use?', 20)
  .assistant(o4mini, [
    reasoning('A bear case assumes LFP prices keep falling, capping sodium-ion at about 5%.', openaiReasoning('rs_6836c4f1a2b38191b7c9d1e3f5a7b9c1')),
    text('A bear case would use about 5%: if LFP cells keep getting cheaper, sodium-ion stays niche. That gives about 4.8 GWh, or EUR 0.4 bn.'),
  ])
  .build('Market sizing for sodium-ion grid storage', { project: 'na-ion-2030' })

export const globexCerebrasDigest: SeedThread = new ConversationBuilder(
  { id: 'globex-weekly-digest-cerebras', resourceId: GLOBEX, messageIdPrefix: 'msg-globex-digest' },
  '2026-11-20T07:00:00Z',
)
  .system('You write the weekly research digest for the Globex battery team. Plain language, at most 200 words.')
  .user("Draft this week's digest from the electrolyte review and the sodium-ion sizing.")
  .assistant(o4mini, [
    reasoning('Lead with the sodium-ion number, then the sulfide limits; keep it under 200 words.', openaiReasoning('rs_683a10b2c4d68191a0c2e4f6a8b0c2d4')),
    text(
      'This week: sodium-ion grid storage in Europe could reach EUR 0.8-1.3 bn by 2030 (bear case EUR 0.4 bn). On solid-state cells, sulfide electrolytes lead on conductivity but need dry rooms, cathode coatings and stack pressure.',
    ),
  ])
  .user('Shorter, and mention the garnet results too.', 9)
  .assistant(deepseek, [
    reasoning('Two sentences: one on sodium-ion, one comparing sulfides and garnets.', deepseekReasoning),
    text(
      'Sodium-ion grid storage: EUR 0.8-1.3 bn in Europe by 2030. Solid-state: sulfides conduct best but are hard to make; garnets are stable but grow dendrites at grain boundaries.',
    ),
  ])
  .build('Weekly digest drafts (next turns on Cerebras)', {
    // Follow-up turns run on Cerebras, which rejects replayed reasoning_content.
    nextModel: 'cerebras/gpt-oss-120b',
  })

export const globexThreads: SeedThread[] = [globexElectrolytes, globexMarketSizing, globexCerebrasDigest]
