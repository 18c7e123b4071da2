import { describe, expect, it } from 'vitest';
import { UploadType, type UploadTypeValue } from '@pathconsult/shared';
import {
  closeUploadPanel,
  getUploadUi,
  leaveUploadScreen,
  offerUploadTarget,
  openUploadPanel,
  openUploadPanelToStart,
  panelRequestOf,
  takeStartRequest,
  withdrawUploadOffer,
  type PanelRequest,
} from './upload-context';

function caseRequest(
  iPatientId: number,
  iUploadType: UploadTypeValue = UploadType.Batch,
): PanelRequest {
  const num = `B${iPatientId}`;
  return {
    target: { iPatientId, strDiagnosistNum: num, strPatientName: `P${iPatientId}` },
    iUploadType,
    uploadedNames: [],
  };
}

describe('which case the upload panel names', () => {
  it('opened from the header, follows the screen on view and stays open as it changes', () => {
    const first = caseRequest(1);
    offerUploadTarget(first);
    openUploadPanel();
    expect(panelRequestOf(getUploadUi())).toBe(first);

    // Back to the case list: the case screen withdraws its offer, the panel names no case.
    leaveUploadScreen();
    withdrawUploadOffer(first);
    expect(getUploadUi().open).toBe(true);
    expect(panelRequestOf(getUploadUi())).toBeNull();

    // Another case's screen (a notification's link): the panel names that case.
    const second = caseRequest(2);
    offerUploadTarget(second);
    expect(panelRequestOf(getUploadUi())).toBe(second);
    closeUploadPanel();
    withdrawUploadOffer(second);
  });

  it('opened by a screen’s button for its case, keeps that case and closes when the screen is left', () => {
    offerUploadTarget(caseRequest(3));
    const single = caseRequest(3, UploadType.Single);
    openUploadPanel(single);
    // A later offer (the case's slide list read again) does not change a button's request.
    offerUploadTarget(caseRequest(3));
    expect(panelRequestOf(getUploadUi())).toBe(single);

    leaveUploadScreen();
    expect(getUploadUi().open).toBe(false);
  });

  it('a screen change with the panel closed leaves it closed, and opening later is not undone', () => {
    closeUploadPanel();
    leaveUploadScreen();
    expect(getUploadUi().open).toBe(false);
    openUploadPanel(caseRequest(4, UploadType.Single));
    expect(getUploadUi().open).toBe(true);
  });
});

describe('a start asked for outside the panel', () => {
  it('opens the panel following the screen, and is taken up once by its start button', () => {
    closeUploadPanel();
    expect(takeStartRequest()).toBe(false);
    offerUploadTarget(caseRequest(5));
    openUploadPanelToStart();
    expect(getUploadUi()).toMatchObject({ open: true, follows: true, startAsked: true });
    expect(panelRequestOf(getUploadUi())?.target.iPatientId).toBe(5);
    expect(takeStartRequest()).toBe(true);
    expect(takeStartRequest()).toBe(false);
    expect(getUploadUi().startAsked).toBe(false);
  });
});
