import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const base = 'http://localhost:8090';
await page.goto(base + '/#/login');
await page.locator('#login_strUserName').fill('demo_doctor');
await page.locator('#login_strUserPassword').fill('Doctor@2026');
await page.getByTestId('login-submit').click();
await page.waitForTimeout(2000);
// a case
await page.goto(base + '/#/caseList');
await page.waitForTimeout(1500);
const token = await page.evaluate(() => sessionStorage.getItem('token'));
const res = await page.request.post(base + '/api/patient/addPatient', {
  headers: { token },
  data: { strPatientName: '李四', iAgeYear: 50, ddSex: { iNumber: 1 }, ddClassification: { iNumber: 11 }, strSamplingSite: '胃窦', ddSampleType: { iNumber: 2 }, strClinicalData: '胃痛', strInitialOpinion: '胃炎？', strTissueDescription: '灰白组织', strPhone: '13800001111', strDiagnosistNum: 'W' + Date.now() % 100000 },
});
const c = (await res.json()).objData;
console.log('case', c.iPatientId);
await page.goto(base + `/#/case/Imagery-info?iPatientId=${c.iPatientId}`);
await page.waitForTimeout(1500);
await page.getByTestId('imagery-upload-batch').click();
await page.waitForTimeout(1000);
await page.getByTestId('upload-folder-input').setInputFiles('/tmp/walk/dcm/扫描0527');
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/walk/w3-queue.png' });
await page.getByTestId('upload-start').click();
await page.waitForTimeout(6000);
await page.screenshot({ path: '/tmp/walk/w3-done.png' });
await page.keyboard.press('Escape');
await page.waitForTimeout(3000);
await page.reload();
await page.waitForTimeout(3000);
await page.screenshot({ path: '/tmp/walk/w3-imagery.png' });
const view = page.locator('[data-testid^="imagery-view-"]').first();
await view.click();
await page.waitForTimeout(4000);
await page.screenshot({ path: '/tmp/walk/w3-viewer.png' });
await browser.close();
