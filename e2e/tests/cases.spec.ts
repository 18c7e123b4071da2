import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  DOCTOR,
  addCase,
  dialogsSettled,
  logIn,
  openFromMenu,
  pickOption,
  tokenOf,
  userPage,
} from './helpers';

/*
 * The doctor's cases (issue 4): the case form with a message per empty required field, saving,
 * editing, cloning, collecting and deleting from the lists, and the veterinary variant switched on
 * through the configuration.
 */

// Numbers are unique per hospital and the server keeps its data across the run's specs.
const RUN = String(Date.now() % 100_000_000);

const HUMAN_MESSAGES = {
  strPatientName: 'Patient name cannot be empty',
  strDiagnosistNum: 'Pathology number cannot be empty',
  iAgeYear: 'Enter the age (1–150 years; months and days above 0)',
  ddSex: 'Sex cannot be empty',
  ddClassification: 'Classification cannot be empty',
  strSamplingSite: 'Sampling site cannot be empty',
  ddSampleType: 'Specimen type cannot be empty',
  strClinicalData: 'Clinical data cannot be empty',
  strInitialOpinion: 'Initial diagnostic opinion cannot be empty',
  strTissueDescription: 'Tissue description (gross findings) cannot be empty',
  strPhone: 'Contact number cannot be empty',
};

const VET_MESSAGES = {
  strPatientName: 'Pet name cannot be empty',
  strDiagnosistNum: 'Pathology number cannot be empty',
  iAgeYear: 'Enter the age (1–150 years; months and days above 0)',
  ddSex: 'Sex cannot be empty',
  strSpecies: 'Species cannot be empty',
  strSampleDesc: 'Sample description cannot be empty',
  dtCollectedDate: 'Collected date cannot be empty',
  strOwnerTel: 'Owner phone cannot be empty',
};

async function setCaseVariant(request: APIRequestContext, caseVariant: 1 | 2) {
  const token = await tokenOf(request, ADMIN);
  const res = await request.post('/api/configinfo/update', {
    data: { caseVariant },
    headers: { token },
  });
  expect(((await res.json()) as { iCode: number }).iCode).toBe(0);
}

/** Whether the demo hospital numbers cases itself (another flow may have set a rule). */
async function hasNumberRule(request: APIRequestContext): Promise<boolean> {
  const token = await tokenOf(request, DOCTOR);
  const res = await request.get('/api/serialNumber/select', { headers: { token } });
  const body = (await res.json()) as { objData?: { strNextNumber?: string | null } };
  return Boolean(body.objData?.strNextNumber);
}

/**
 * Picks an option of an antd Select by clicking its label; a searchable one (the 23
 * classifications: the list is virtual, far options are not rendered) by typing first.
 */
async function choose(page: Page, fieldId: string, label: string, search = false) {
  await page.locator(fieldId).click();
  if (search) {
    await page.locator(fieldId).fill(label);
  }
  await pickOption(page, label);
}

/** Each required field shows its own message under it, and nothing else is flagged. */
async function expectMessages(page: Page, expected: Record<string, string>) {
  for (const [field, text] of Object.entries(expected)) {
    // The age's three parts show their messages once, under the group.
    const help =
      field === 'iAgeYear'
        ? page.getByTestId('case-age').locator('.ant-form-item-explain')
        : page.locator(`#caseForm_${field}_help`);
    await expect(help, field).toContainText(text);
  }
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(
    Object.keys(expected).length,
  );
}

async function openNewCaseForm(page: Page) {
  await page.getByTestId('case-add').click();
  await expect(page).toHaveURL(/#\/setnew\/newlybuild$/);
  await expect(page.getByTestId('case-form-title')).toHaveText('New case');
}

/** Fills every required field of a human case and some optional ones. */
async function fillHumanCase(page: Page, num: string, name: string) {
  await page.locator('#caseForm_strPatientName').fill(name);
  await page.locator('#caseForm_strDiagnosistNum').fill(num);
  await page.locator('#caseForm_iAgeYear').fill('45');
  await page.getByRole('radio', { name: 'Female', exact: true }).check();
  await page.locator('#caseForm_strPhone').fill('13800138000');
  await page.locator('#caseForm_strDepartment').fill('Breast surgery');
  await page.locator('#caseForm_strClinicalData').fill('Lump in the left breast for 2 months');
  await choose(page, '#caseForm_ddClassification', 'Breast', true);
  await choose(page, '#caseForm_ddSampleType', 'Surgical removal');
  await page.locator('#caseForm_strSamplingSite').fill('Left breast');
  // The frozen head count belongs to frozen (and consultation) cases only.
  await expect(page.locator('#caseForm_iFrozenHeadNum')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Frozen', exact: true }).check();
  await page.locator('#caseForm_iFrozenHeadNum').fill('2');
  await page.getByRole('radio', { name: 'Urgent', exact: true }).check();
  await page.locator('#caseForm_strTissueDescription').fill('Grey-white tissue, 3 × 2 cm');
  await page.locator('#caseForm_strInitialOpinion').fill('Invasive carcinoma?');
  // Order results: an item of the dictionary, and a free text beside it.
  const ihc = page.locator('#caseForm_strImmunohistochemistry');
  await ihc.fill('CK7');
  await ihc.press('Enter');
  await ihc.fill('Ki-67 about 30%');
  await ihc.press('Enter');
  await ihc.press('Escape');
}

test.describe.configure({ mode: 'serial' });

test('a doctor creates, edits, clones, collects and deletes cases', async ({ page, request }) => {
  test.setTimeout(180_000);
  const num = `E2E${RUN}`;
  const autoNumber = await hasNumberRule(request);
  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/setnew');
  await openNewCaseForm(page);

  // The empty form: every required field says what is missing, each in its own words.
  await page.getByTestId('case-form-submit').click();
  const expected: Record<string, string> = { ...HUMAN_MESSAGES };
  if (autoNumber) {
    delete expected.strDiagnosistNum;
  }
  await expectMessages(page, expected);
  await expect(page).toHaveURL(/#\/setnew\/newlybuild$/);

  // Bad formats are refused with the server's texts before anything is sent.
  await page.locator('#caseForm_strPhone').fill('12345');
  await page.locator('#caseForm_iAgeYear').fill('151');
  await page.locator('#caseForm_iAgeYear').press('Tab');
  await expect(page.locator('#caseForm_strPhone_help')).toContainText('Invalid phone number');

  await fillHumanCase(page, num, 'Zhang Li');
  await page.getByTestId('case-form-submit').click();
  await expect(page).toHaveURL(/#\/setnew$/);
  await expect(page.getByText('Case saved to new cases')).toBeVisible();
  // Saved, the form's tab closes: a stale "New case" tab is not left behind.
  await expect(page.getByTestId('tab-/setnew/newlybuild')).toHaveCount(0);
  const row = page.getByTestId(`case-row-${num}`);
  await expect(row).toContainText('Zhang Li');
  await expect(row).toContainText('Breast');
  await expect(row).toContainText('Urgent');
  await expect(row).toContainText('New');

  // The same number again is refused on the number field.
  await openNewCaseForm(page);
  await fillHumanCase(page, num, 'Someone Else');
  await page.getByTestId('case-form-submit').click();
  await expect(page.locator('#caseForm_strDiagnosistNum_help')).toContainText(
    'Pathology number taken',
  );
  await page.getByTestId('case-form-cancel').click();
  await expect(page).toHaveURL(/#\/setnew$/);

  // Edit: the form starts from the saved case; the change shows in the list.
  await page.getByTestId(`case-edit-${num}`).click();
  await expect(page).toHaveURL(/#\/setnew\/newlybuild\?iPatientId=\d+$/);
  await expect(page.getByTestId('case-form-title')).toHaveText(`Edit case ${num}`);
  await expect(page.getByTestId('case-form-summary')).toHaveText('Zhang Li, 45 y');
  await expect(page.locator('#caseForm_iFrozenHeadNum')).toHaveValue('2');
  await expect(page.getByTestId('case-section-findings')).toContainText('CK7');
  await expect(page.getByTestId('case-section-findings')).toContainText('Ki-67 about 30%');
  await page.locator('#caseForm_strPatientName').fill('Zhang Lili');
  // Ctrl+Enter saves from anywhere in the form.
  await page.locator('#caseForm_strRemarks').fill('Edited');
  await page.locator('#caseForm_strRemarks').press('Control+Enter');
  await expect(page).toHaveURL(/#\/setnew$/);
  await expect(row).toContainText('Zhang Lili');

  // Clone: a new case with the same content and a number of its own, newest first.
  const named = page.locator('[data-testid^="case-row-"]', { hasText: 'Zhang Lili' });
  await page.getByTestId(`case-clone-${num}`).click();
  await dialogsSettled(page);
  await page.getByTestId('case-clone-confirm').click();
  await expect(named).toHaveCount(2);
  const cloneNum = ((await named.first().getAttribute('data-testid')) ?? '').replace(
    'case-row-',
    '',
  );
  expect(cloneNum).not.toBe(num);
  expect(cloneNum).not.toBe('');

  // Search by number (a prefix: the original's number would find its clones too).
  await page.locator('#caseFilters_strDiagnosistNum').fill(cloneNum);
  await page.getByTestId('case-search').click();
  await expect(named).toHaveCount(1);
  await expect(page.getByTestId(`case-row-${cloneNum}`)).toBeVisible();
  await page.getByTestId('case-reset').click();
  await expect(named).toHaveCount(2);

  // Collect one; it appears among the saved cases, where the collection can be cancelled.
  await page.getByTestId(`case-collect-${num}`).click();
  await expect(page.getByTestId(`case-uncollect-${num}`)).toBeVisible();
  await openFromMenu(page, '/collection');
  const saved = page.getByTestId(`case-row-${num}`);
  await expect(saved).toContainText('Zhang Lili');
  await expect(page.getByTestId(`case-row-${cloneNum}`)).toHaveCount(0);
  await expect(page.getByTestId(`case-uncollect-${num}`)).toBeVisible();

  // Delete the clone, after confirming.
  await openFromMenu(page, '/setnew');
  await page.getByTestId(`case-delete-${cloneNum}`).click();
  await dialogsSettled(page);
  // What becomes of its slides is said before it is done.
  await expect(page.locator('.ant-modal-confirm-content')).toContainText(
    'The case’s slides stay in slide management, unmatched',
  );
  await page.getByTestId('case-delete-confirm').click();
  await expect(page.getByTestId(`case-row-${cloneNum}`)).toHaveCount(0);
  await expect(page.getByTestId(`case-row-${num}`)).toBeVisible();

  // Open leads to the case detail (its screen comes with the detail tabs).
  await page.getByTestId(`case-detail-${num}`).click();
  await expect(page).toHaveURL(/#\/case\/report-info\?iPatientId=\d+$/);

  // The other lists are there, empty of this case (nothing was submitted).
  await openFromMenu(page, '/waitdiagnosis');
  await expect(page.getByTestId('case-table')).toBeVisible();
  await expect(page.getByTestId(`case-row-${num}`)).toHaveCount(0);
});

test('the case form speaks Chinese by default', async ({ page, request }) => {
  const num = `ZH${RUN}`;
  await logIn(page, DOCTOR);
  await openFromMenu(page, '/setnew');
  await page.getByTestId('case-add').click();
  await expect(page.getByTestId('case-form-title')).toHaveText('新建病例');
  await page.getByTestId('case-form-submit').click();
  await expect(page.locator('#caseForm_strPatientName_help')).toContainText('患者姓名不能为空');
  await expect(page.locator('#caseForm_ddClassification_help')).toContainText('分类不能为空');
  await expect(page.locator('#caseForm_strTissueDescription_help')).toContainText(
    '大体所见不能为空',
  );
  if (!(await hasNumberRule(request))) {
    await expect(page.locator('#caseForm_strDiagnosistNum_help')).toContainText('病理号不能为空');
  }
  await page.locator('#caseForm_strPatientName').fill('李华');
  await page.locator('#caseForm_strDiagnosistNum').fill(num);
  await page.locator('#caseForm_iAgeYear').fill('60');
  // The step buttons are named in Chinese (rc-input-number's own names are English), and step.
  const years = page.locator('.ant-input-number', { has: page.locator('#caseForm_iAgeYear') });
  await years.hover();
  await years.getByRole('button', { name: '增加', exact: true }).click();
  await expect(page.locator('#caseForm_iAgeYear')).toHaveValue('61');
  await years.getByRole('button', { name: '减少', exact: true }).click();
  await expect(page.locator('#caseForm_iAgeYear')).toHaveValue('60');
  // "0 months, 0 days" means none of either: the parts are left empty, never made 1.
  await page.locator('#caseForm_iAgeMonth').fill('0');
  await page.locator('#caseForm_iAgeDay').fill('0');
  await page.locator('#caseForm_iAgeYear').focus();
  await expect(page.locator('#caseForm_iAgeMonth')).toHaveValue('');
  await expect(page.locator('#caseForm_iAgeDay')).toHaveValue('');
  await page.getByRole('radio', { name: '男', exact: true }).check();
  await page.locator('#caseForm_strPhone').fill('13700137000');
  await page.locator('#caseForm_strClinicalData').fill('胃镜见溃疡');
  await choose(page, '#caseForm_ddClassification', '消化系统', true);
  await choose(page, '#caseForm_ddSampleType', '活检');
  await page.locator('#caseForm_strSamplingSite').fill('胃窦');
  await page.locator('#caseForm_strTissueDescription').fill('灰白组织 3 块');
  await page.locator('#caseForm_strInitialOpinion').fill('腺癌？');
  await page.getByTestId('case-form-submit').click();
  await expect(page.getByText('病例已保存到新建病例')).toBeVisible();
  const row = page.getByTestId(`case-row-${num}`);
  await expect(row).toContainText('李华');
  await expect(row).toContainText('新建');
  // The age is what was typed: 60 years, no months or days.
  await expect(row).toContainText(/60岁(?!\d)/);
});

/** The platform administrator switches the case type on the basic configuration screen (zh). */
async function switchToVeterinary(browser: Browser) {
  const admin = await userPage(browser, ADMIN);
  try {
    await openFromMenu(admin.page, '/globalConfiguration/basic');
    await admin.page.getByTestId('config-case-variant').getByText('兽医病理').click();
    await admin.page.getByTestId('config-save').click();
    await expect(admin.page.getByText('配置已保存，已立即生效')).toBeVisible();
  } finally {
    await admin.close();
  }
}

test('with the veterinary variant the doctor creates a pet case', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const num = `PET${RUN}`;
  const autoNumber = await hasNumberRule(request);
  try {
    await switchToVeterinary(browser);
    await logIn(page, DOCTOR, '?lang=en');
    await openFromMenu(page, '/setnew');
    await openNewCaseForm(page);
    await expect(page.getByText('Veterinary case')).toBeVisible();
    await expect(page.getByTestId('case-section-patient')).toContainText('Pet');

    await page.getByTestId('case-form-submit').click();
    const expected: Record<string, string> = { ...VET_MESSAGES };
    if (autoNumber) {
      delete expected.strDiagnosistNum;
    }
    await expectMessages(page, expected);
    // Human-only fields are neither required nor shown.
    await expect(page.locator('#caseForm_strPhone')).toHaveCount(0);
    await expect(page.locator('#caseForm_strBedNo')).toHaveCount(0);

    await page.locator('#caseForm_strPatientName').fill('Lucky');
    await page.locator('#caseForm_strDiagnosistNum').fill(num);
    // A puppy: months only.
    await page.locator('#caseForm_iAgeMonth').fill('6');
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.locator('#caseForm_strSpecies').fill('Canine');
    await page.locator('#caseForm_strBreed').fill('Beagle');
    await page.locator('#caseForm_strOwnerTel').fill('13900139000');
    await page.locator('#caseForm_strOwnerEmail').fill('owner@example.com');
    await page.locator('#caseForm_strSampleNo').fill('S-17');
    await page.locator('#caseForm_strTester').fill('Dr. Wu');
    await page.locator('#caseForm_strSampleDesc').fill('Skin mass, right flank');
    await page.locator('#caseForm_strTestMethods').fill('HE staining');
    // Enter in a date field confirms the date; it does not save the form, even once every
    // required field is filled (a walk-through saved a half-written case that way).
    let saves = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/patient/addPatient')) {
        saves += 1;
      }
    });
    await page.locator('#caseForm_dtCollectedDate').fill('2026-03-01');
    await page.locator('#caseForm_dtCollectedDate').press('Enter');
    await page.locator('#caseForm_dtReceivedDate').fill('2026-03-02');
    await page.locator('#caseForm_dtReceivedDate').press('Enter');
    await expect(page.locator('#caseForm_dtReceivedDate')).toHaveValue('2026-03-02');
    await page.getByTestId('case-form-submit').click();
    await expect(page).toHaveURL(/#\/setnew$/);
    const row = page.getByTestId(`case-row-${num}`);
    await expect(row).toContainText('Lucky');
    expect(saves).toBe(1);
    await expect(row).toContainText('Canine');

    // The veterinary fields were stored as typed.
    const token = await page.evaluate(() => sessionStorage.getItem('token') ?? '');
    const list = await request.get('/api/patient/selectPatient', {
      params: { strList: 'new', strDiagnosistNum: num, iCurPage: 1, iPageSize: 10 },
      headers: { token },
    });
    const [item] = ((await list.json()) as { objData: { listPage: { iPatientId: number }[] } })
      .objData.listPage;
    const info = await request.get('/api/patient/getPatientInfo', {
      params: { iPatientId: item?.iPatientId ?? 0 },
      headers: { token },
    });
    expect(((await info.json()) as { objData: unknown }).objData).toMatchObject({
      ddVariant: { iNumber: 2 },
      strPatientName: 'Lucky',
      iAgeMonth: 6,
      strSpecies: 'Canine',
      strBreed: 'Beagle',
      strSampleNo: 'S-17',
      dtCollectedDate: '2026-03-01',
      dtReceivedDate: '2026-03-02',
      strTester: 'Dr. Wu',
      strTestMethods: 'HE staining',
      strOwnerTel: '13900139000',
      strOwnerEmail: 'owner@example.com',
    });

    // Slide management names the pet under the pathology number, not a patient.
    await openFromMenu(page, '/sliceManage');
    await expect(page.getByRole('columnheader', { name: 'Pathology no. / pet' })).toBeVisible();
  } finally {
    await setCaseVariant(request, 1);
  }
});

test('the case list shows every column on a 1440 × 900 laptop, in both languages', async ({
  page,
  request,
}) => {
  // A case with the longest number (16 characters) and the longest name (16 letters).
  const token = await tokenOf(request, DOCTOR);
  await addCase(request, token, `LW${RUN}`.padEnd(16, '0'), 'Alexandra Montgo');
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const lang of ['zh-CN', 'en']) {
    await logIn(page, DOCTOR, `?lang=${lang}`);
    await openFromMenu(page, '/setnew');
    const table = page.getByTestId('case-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    // No sideways scrolling, and no column under the fixed actions column (the doctor and the
    // creation time once were).
    const layout = await table.evaluate((el) => {
      const scroller = el.querySelector<HTMLElement>('.ant-table-content, .ant-table-body')!;
      const heads = Array.from(el.querySelectorAll<HTMLElement>('thead th'));
      const actions = heads.find((th) => th.classList.contains('ant-table-cell-fix-end'))!;
      const left = actions.getBoundingClientRect().left;
      return {
        sideways: scroller.scrollWidth - scroller.clientWidth,
        columns: heads.length,
        hidden: heads
          .filter((th) => th !== actions && th.getBoundingClientRect().right > left + 1)
          .map((th) => th.innerText),
      };
    });
    expect(layout.columns).toBeGreaterThanOrEqual(8);
    expect(layout.sideways).toBeLessThanOrEqual(0);
    expect(layout.hidden).toEqual([]);
  }
});
