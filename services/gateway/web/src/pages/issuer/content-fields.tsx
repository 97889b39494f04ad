// The optional Open Badges 3.0 content of badges and credentials (issue 14): fields for the
// badge form (achievement type, alignments, result descriptions) and the issue form (narrative,
// evidence, results). Each input is named after the API field it fills (`alignments[0].targetUrl`),
// so the server's details.field finds it.
import { Select, TextArea, TextInput, errorFor } from '../../components/forms.js';
import type { ApiError } from '../../api.js';
import type { Alignment, Badge, ResultDescription } from '../../types.js';

const ACHIEVEMENT_TYPES = [
  'Achievement', 'ApprenticeshipCertificate', 'Assessment', 'Assignment', 'AssociateDegree', 'Award', 'Badge', 'BachelorDegree',
  'Certificate', 'CertificateOfCompletion', 'Certification', 'CommunityService', 'Competency', 'Course', 'CoCurricular', 'Degree',
  'Diploma', 'DoctoralDegree', 'Fieldwork', 'GeneralEducationDevelopment', 'JourneymanCertificate', 'LearningProgram', 'License',
  'Membership', 'ProfessionalDoctorate', 'QualityAssuranceCredential', 'MasterCertificate', 'MasterDegree', 'MicroCredential',
  'ResearchDoctorate', 'SecondarySchoolDiploma',
]; // prettier-ignore

const RESULT_TYPES = [
  'LetterGrade', 'Percent', 'RawScore', 'ScaledScore', 'GradePointAverage', 'PerformanceLevel', 'PredictedScore', 'Result',
  'RubricCriterion', 'RubricCriterionLevel', 'RubricScore', 'Status',
]; // prettier-ignore

const RESULT_STATUSES = ['Completed', 'Enrolled', 'Failed', 'InProgress', 'OnHold', 'Provisional', 'Withdrew'];

/** "MicroCredential" -> "Micro credential". */
export function termLabel(term: string): string {
  const spaced = term.replace(/^ext:/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0) + spaced.slice(1).toLowerCase();
}

/** A result description as edited: allowed values as one comma-separated text. */
export interface ResultDescriptionDraft {
  id: string | null;
  name: string;
  resultType: string;
  allowedValues: string;
  requiredValue: string;
}

export const draftOf = (d: ResultDescription): ResultDescriptionDraft => ({
  id: d.id,
  name: d.name,
  resultType: d.resultType,
  allowedValues: d.allowedValues.join(', '),
  requiredValue: d.requiredValue ?? '',
});

/** The badge body's content fields from the drafts (empty optional texts left out). */
export function badgeContentBody(type: string, alignments: Alignment[], results: ResultDescriptionDraft[]) {
  const opt = (v: string | null) => (v && v.trim() ? v.trim() : null);
  return {
    achievementType: type || null,
    alignments: alignments.map((a) => ({
      targetName: a.targetName,
      targetUrl: a.targetUrl.trim(),
      targetFramework: opt(a.targetFramework),
      targetCode: opt(a.targetCode),
    })),
    resultDescriptions: results.map((d) => ({
      ...(d.id ? { id: d.id } : {}),
      name: d.name,
      resultType: d.resultType,
      allowedValues: d.allowedValues
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
      requiredValue: opt(d.requiredValue),
    })),
  };
}

export const BADGE_CONTENT_FIELDS = ['achievementType', 'alignments', 'resultDescriptions'];

interface BadgeContentProps {
  error: ApiError | undefined;
  achievementType: string;
  setAchievementType: (v: string) => void;
  alignments: Alignment[];
  setAlignments: (v: Alignment[]) => void;
  results: ResultDescriptionDraft[];
  setResults: (v: ResultDescriptionDraft[]) => void;
}

export function BadgeContentFields(p: BadgeContentProps) {
  const setAlignment = (i: number, change: Partial<Alignment>) =>
    p.setAlignments(p.alignments.map((a, j) => (j === i ? { ...a, ...change } : a)));
  const setResult = (i: number, change: Partial<ResultDescriptionDraft>) =>
    p.setResults(p.results.map((d, j) => (j === i ? { ...d, ...change } : d)));
  return (
    <fieldset class="fieldset">
      <legend>Open Badges details (optional)</legend>
      <Select
        name="achievementType"
        label="Kind of achievement"
        hint="Written into every credential as its Open Badges achievement type."
        value={p.achievementType}
        options={[{ value: '', label: 'Not stated' }, ...ACHIEVEMENT_TYPES.map((t) => ({ value: t, label: termLabel(t) }))]}
        onValue={p.setAchievementType}
        error={errorFor(p.error, 'achievementType')}
      />
      <h3>Alignments</h3>
      <p class="hint">Skills, competencies or standards this badge stands for, each with a web address that describes it.</p>
      {p.alignments.map((a, i) => (
        <fieldset class="fieldset" key={i}>
          <legend>Alignment {i + 1}</legend>
          <TextInput
            name={`alignments[${i}].targetName`}
            label="Skill or standard"
            value={a.targetName}
            onValue={(v) => setAlignment(i, { targetName: v })}
            error={errorFor(p.error, `alignments[${i}].targetName`)}
          />
          <TextInput
            name={`alignments[${i}].targetUrl`}
            label="Web address"
            type="url"
            spellcheck={false}
            value={a.targetUrl}
            onValue={(v) => setAlignment(i, { targetUrl: v })}
            error={errorFor(p.error, `alignments[${i}].targetUrl`)}
          />
          <TextInput
            name={`alignments[${i}].targetFramework`}
            label="Framework (optional)"
            value={a.targetFramework ?? ''}
            onValue={(v) => setAlignment(i, { targetFramework: v })}
            error={errorFor(p.error, `alignments[${i}].targetFramework`)}
          />
          <TextInput
            name={`alignments[${i}].targetCode`}
            label="Code (optional)"
            value={a.targetCode ?? ''}
            onValue={(v) => setAlignment(i, { targetCode: v })}
            error={errorFor(p.error, `alignments[${i}].targetCode`)}
          />
          <button type="button" class="button secondary small" onClick={() => p.setAlignments(p.alignments.filter((_, j) => j !== i))}>
            Remove alignment {i + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        class="button secondary small"
        onClick={() => p.setAlignments([...p.alignments, { targetName: '', targetUrl: '', targetFramework: null, targetCode: null }])}
      >
        Add an alignment
      </button>
      <h3>Results</h3>
      <p class="hint">Results a credential of this badge can record, such as a grade. You fill them in when you issue.</p>
      {p.results.map((d, i) => (
        <fieldset class="fieldset" key={d.id ?? `new-${i}`}>
          <legend>Result {i + 1}</legend>
          <TextInput
            name={`resultDescriptions[${i}].name`}
            label="Result name"
            hint="For example: Final grade"
            value={d.name}
            onValue={(v) => setResult(i, { name: v })}
            error={errorFor(p.error, `resultDescriptions[${i}].name`)}
          />
          <Select
            name={`resultDescriptions[${i}].resultType`}
            label="Kind of result"
            value={d.resultType}
            options={RESULT_TYPES.map((t) => ({ value: t, label: termLabel(t) }))}
            onValue={(v) => setResult(i, { resultType: v })}
            error={errorFor(p.error, `resultDescriptions[${i}].resultType`)}
          />
          <TextInput
            name={`resultDescriptions[${i}].allowedValues`}
            label="Allowed values (optional)"
            hint="Separate with commas, lowest first, for example: D, C, B, A"
            value={d.allowedValues}
            onValue={(v) => setResult(i, { allowedValues: v })}
            error={errorFor(p.error, `resultDescriptions[${i}].allowedValues`)}
          />
          <TextInput
            name={`resultDescriptions[${i}].requiredValue`}
            label="Value required to earn the badge (optional)"
            value={d.requiredValue}
            onValue={(v) => setResult(i, { requiredValue: v })}
            error={errorFor(p.error, `resultDescriptions[${i}].requiredValue`)}
          />
          <button type="button" class="button secondary small" onClick={() => p.setResults(p.results.filter((_, j) => j !== i))}>
            Remove result {i + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        class="button secondary small"
        onClick={() =>
          p.setResults([...p.results, { id: null, name: '', resultType: 'LetterGrade', allowedValues: '', requiredValue: '' }])
        }
      >
        Add a result
      </button>
    </fieldset>
  );
}

/** What the issue form collects besides the recipient. */
export interface IssueContentDraft {
  narrative: string;
  evidenceUrl: string;
  evidenceName: string;
  evidenceDescription: string;
  /** Result value (or status for Status results) per result description id. */
  results: Record<string, string>;
}

export const EMPTY_ISSUE_CONTENT: IssueContentDraft = {
  narrative: '',
  evidenceUrl: '',
  evidenceName: '',
  evidenceDescription: '',
  results: {},
};

export const ISSUE_CONTENT_FIELDS = ['narrative', 'evidence', 'results'];

/** The issue body's content fields: only what was filled in. */
export function issueContentBody(c: IssueContentDraft, badge: Badge | undefined) {
  const body: Record<string, unknown> = {};
  if (c.narrative.trim()) body.narrative = c.narrative.trim();
  const evidence = {
    ...(c.evidenceUrl.trim() ? { url: c.evidenceUrl.trim() } : {}),
    ...(c.evidenceName.trim() ? { name: c.evidenceName.trim() } : {}),
    ...(c.evidenceDescription.trim() ? { description: c.evidenceDescription.trim() } : {}),
  };
  if (Object.keys(evidence).length > 0) body.evidence = [evidence];
  const results = (badge?.resultDescriptions ?? []).flatMap((d) => {
    const v = (c.results[d.id] ?? '').trim();
    if (!v) return [];
    return [d.resultType === 'Status' ? { resultDescription: d.id, status: v } : { resultDescription: d.id, value: v }];
  });
  if (results.length > 0) body.results = results;
  return body;
}

export function IssueContentFields({
  badge,
  value,
  onValue,
  error,
}: {
  badge: Badge | undefined;
  value: IssueContentDraft;
  onValue: (v: IssueContentDraft) => void;
  error: ApiError | undefined;
}) {
  const set = (change: Partial<IssueContentDraft>) => onValue({ ...value, ...change });
  const descriptions = badge?.resultDescriptions ?? [];
  // The server names a result by its place in the body's results, which holds the filled-in ones only.
  const bodyIndex = new Map<string, number>();
  for (const d of descriptions) if ((value.results[d.id] ?? '').trim()) bodyIndex.set(d.id, bodyIndex.size);
  const resultError = (id: string) => {
    const at = bodyIndex.get(id);
    return at === undefined ? undefined : errorFor(error, `results[${at}]`);
  };
  return (
    <fieldset class="fieldset">
      <legend>About this credential (optional)</legend>
      <p class="hint">Written into the signed credential and shown on its verification page.</p>
      {descriptions.map((d, i) =>
        d.resultType === 'Status' || d.allowedValues.length > 0 ? (
          <Select
            key={d.id}
            name={`results[${i}].value`}
            label={`${d.name} (${termLabel(d.resultType).toLowerCase()})`}
            value={value.results[d.id] ?? ''}
            options={[
              { value: '', label: 'Not recorded' },
              ...(d.resultType === 'Status' ? RESULT_STATUSES : d.allowedValues).map((v) => ({
                value: v,
                label: d.resultType === 'Status' ? termLabel(v) : v,
              })),
            ]}
            onValue={(v) => set({ results: { ...value.results, [d.id]: v } })}
            error={resultError(d.id)}
          />
        ) : (
          <TextInput
            key={d.id}
            name={`results[${i}].value`}
            label={`${d.name} (${termLabel(d.resultType).toLowerCase()})`}
            hint={d.valueMin || d.valueMax ? `From ${d.valueMin ?? '…'} to ${d.valueMax ?? '…'}` : undefined}
            value={value.results[d.id] ?? ''}
            onValue={(v) => set({ results: { ...value.results, [d.id]: v } })}
            error={resultError(d.id)}
          />
        ),
      )}
      <TextArea
        name="narrative"
        label="How it was earned"
        hint="What the recipient did. Plain text; Markdown is kept as written."
        value={value.narrative}
        onValue={(v) => set({ narrative: v })}
        error={errorFor(error, 'narrative')}
      />
      <TextInput
        name="evidence[0].url"
        label="Evidence: web address"
        type="url"
        spellcheck={false}
        hint="A page or file showing the work, starting with https://"
        value={value.evidenceUrl}
        onValue={(v) => set({ evidenceUrl: v })}
        error={errorFor(error, 'evidence[0].url')}
      />
      <TextInput
        name="evidence[0].name"
        label="Evidence: title"
        value={value.evidenceName}
        onValue={(v) => set({ evidenceName: v })}
        error={errorFor(error, 'evidence[0].name')}
      />
      <TextArea
        name="evidence[0].description"
        label="Evidence: description"
        value={value.evidenceDescription}
        onValue={(v) => set({ evidenceDescription: v })}
        error={errorFor(error, 'evidence[0].description')}
      />
    </fieldset>
  );
}
