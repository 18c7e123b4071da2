import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseLimits, CaseVariant, type HospitalOption } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { SearchSelect } from '@/components/search-select';
import { useCaseVariant } from '@/features/cases/api/case-variant';
import { QuickRangePicker } from '@/features/audit/components/quick-range-picker';
import type { SlideFilterValues } from '../utils/slide-filters';
import { useSelectClear } from '@/lib/select-clear';

interface SlideFiltersProps {
  /** The removed list has no upload-state or match-state filter worth keeping apart. */
  withStates: boolean;
  /** The removal log: its days are those of removal. */
  removedList?: boolean;
  /** Hospitals to choose from (administrators whose scope holds every hospital), or null. */
  hospitals: HospitalOption[] | null;
  hospitalsLoading?: boolean;
  onSearch: (values: SlideFilterValues) => void;
}

/**
 * Filter bar of the slide lists: file name (part), pathology number (start), the case's patient
 * (part of the name), match and upload state, hospital, upload days. Field ids:
 * `#slideFilters_strFileName` and so on.
 */
export function SlideFilters(props: SlideFiltersProps) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('slides');
  const vet = useCaseVariant() === CaseVariant.Veterinary;
  return (
    <FilterBar<SlideFilterValues>
      name="slideFilters"
      onSearch={props.onSearch}
      search={{ label: t('filters.search'), testId: 'slide-search' }}
      reset={{ label: t('filters.reset'), testId: 'slide-reset', values: {} }}
    >
      <Form.Item name="strFileName" label={t('fields.fileName')}>
        <Input allowClear maxLength={255} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="strDiagnosistNum" label={t('fields.number')}>
        <Input allowClear maxLength={CaseLimits.diagnosisNumMax} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="strPatientName" label={t(vet ? 'fields.petName' : 'fields.patientName')}>
        <Input allowClear maxLength={CaseLimits.nameMax} style={{ width: 120 }} />
      </Form.Item>
      {props.withStates && (
        <>
          <Form.Item name="iMatchState" label={t('fields.matchState')}>
            <Select
              allowClear={selectClear}
              style={{ width: 140 }}
              options={[0, 1].map((value) => ({ value, label: t(`matchState.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="iUploadState" label={t('fields.uploadState')}>
            <Select
              allowClear={selectClear}
              style={{ width: 140 }}
              // Processing and interrupted are shown within uploaded and uploading: findable too.
              options={[0, 4, 1, 3, 2].map((value) => ({
                value,
                label: t(`uploadState.${value}`),
              }))}
            />
          </Form.Item>
        </>
      )}
      {props.hospitals && (
        <Form.Item name="iHospitalId" label={t('fields.hospital')}>
          <SearchSelect
            // As wide as the chosen hospital's name (within the screen), and the list as wide
            // as the longest: names cut at 200 px left hospitals of one city alike.
            style={{ minWidth: 200, maxWidth: '100%' }}
            popupMatchSelectWidth={false}
            loading={props.hospitalsLoading}
            options={props.hospitals.map((h) => ({
              value: h.iHospitalId,
              label: h.strHospitalName,
            }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="range"
        label={t(props.removedList ? 'fields.removeTime' : 'fields.uploadTime')}
      >
        <QuickRangePicker ns="slides" />
      </Form.Item>
    </FilterBar>
  );
}
