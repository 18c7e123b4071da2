import { PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDto } from '@pathconsult/shared';
import { getForBlob } from '@/lib/fetch-blob';
import { timeZoneParam } from '@/lib/time-zone';
import { useRecordPrint } from '../api/diagnosis';

/**
 * The print preview of a signed report: the PDF the server prints (diagnosis/ProduceReport, in
 * the reader's language and time zone) in the browser's own viewer, with Print (recorded:
 * updatePatientReceivePrintState) and a link opening it in a tab of its own. A reviewer reads a
 * version before it is released: `printable={false}` leaves Print out, as that version is not
 * printed for the doctor yet.
 */
export function ReportPdfModal({
  report,
  onClose,
  printable = true,
}: {
  report: Pick<ReportDto, 'iReportId' | 'iVersion'> | null;
  onClose: () => void;
  printable?: boolean;
}) {
  const { t } = useTranslation('diagnosis');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const record = useRecordPrint();

  useEffect(() => {
    if (!report) {
      return;
    }
    let next: string | null = null;
    let live = true;
    setFailed(false);
    // In the browser's zone: the printed times must be those the screen shows.
    getForBlob('diagnosis/ProduceReport', {
      iReportId: report.iReportId,
      ...timeZoneParam(),
    }).then(
      (blob) => {
        if (live) {
          next = URL.createObjectURL(blob);
          setUrl(next);
        }
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      setUrl(null);
      if (next) {
        URL.revokeObjectURL(next);
      }
    };
  }, [report]);

  const print = () => {
    frame.current?.contentWindow?.print();
    if (report) {
      record.mutate({ iReportId: report.iReportId });
    }
  };

  return (
    <Modal
      open={report !== null}
      title={t('pdf.title', { n: report?.iVersion ?? '' })}
      onCancel={onClose}
      width={900}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          <span>
            {url && (
              <a href={url} target="_blank" rel="noopener" data-testid="report-pdf-open">
                {t('pdf.open')}
              </a>
            )}
          </span>
          {printable && (
            <Button
              type="primary"
              icon={<PrinterOutlined />}
              disabled={!url}
              onClick={print}
              data-testid="report-pdf-print"
            >
              {t('pdf.print')}
            </Button>
          )}
        </Flex>
      }
    >
      <div data-testid="report-pdf-modal">
        {failed && <Typography.Text type="danger">{t('pdf.failed')}</Typography.Text>}
        {!failed && !url && <Spin style={{ display: 'block', margin: '120px auto' }} />}
        {url && (
          <iframe
            ref={frame}
            src={url}
            title={t('pdf.frame')}
            data-testid="report-pdf-frame"
            style={{ width: '100%', height: '70vh', border: '1px solid #f0f0f0' }}
          />
        )}
      </div>
    </Modal>
  );
}
