// Generated from schemas/harness-envelope.schema.json by scripts/gen-validators.ts (npm run gen:validators). Do not edit.
import runtime0Import from "ajv/dist/runtime/ucs2length.js";
const runtime0 = 'default' in Object(runtime0Import) ? runtime0Import : { default: runtime0Import };

export const validateHarness = validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"urn:peer-bridge:schema:harness-envelope","title":"PublicEnvelope","description":"The public envelope the harness returns for every bridge call: the validated core without details, plus metadata that only the harness knows.","type":"object","additionalProperties":false,"required":["status","verdict","findings","files_touched","remaining","blockers","model","effort","effort_substituted","cost","tokens","duration_seconds","depth","run_id","incident","session_id","transcript_path","verb","direction"],"properties":{"status":{"$ref":"#/$defs/status"},"verdict":{"$ref":"#/$defs/verdict"},"findings":{"$ref":"#/$defs/short_list"},"files_touched":{"$ref":"#/$defs/short_list"},"remaining":{"$ref":"#/$defs/short_list"},"blockers":{"$ref":"#/$defs/short_list"},"model":{"description":"The model that actually ran, as the child reported it; null when no child ran or it never said.","type":["string","null"],"maxLength":200},"effort":{"description":"The effort level that was applied; null when no child ran.","anyOf":[{"$ref":"#/$defs/effort"},{"type":"null"}]},"effort_substituted":{"anyOf":[{"$ref":"#/$defs/effort_substitution"},{"type":"null"}]},"cost":{"description":"Cost in USD as the child reported it; null when unknown.","type":["number","null"],"minimum":0},"tokens":{"$ref":"#/$defs/tokens"},"duration_seconds":{"type":"number","minimum":0},"depth":{"description":"The bridge depth of this call (0 for a call made by a top-level agent).","type":"integer","minimum":0},"run_id":{"$ref":"#/$defs/run_id"},"incident":{"description":"Workspace-relative path of the incident file, or null when nothing went wrong.","anyOf":[{"$ref":"#/$defs/relative_path"},{"type":"null"}]},"session_id":{"description":"The child's thread or session id, or null.","type":["string","null"],"maxLength":200},"transcript_path":{"$ref":"#/$defs/relative_path"},"verb":{"enum":["implement","advise","review"]},"direction":{"description":"Who handed work to whom, e.g. claude-code->codex.","type":"string","maxLength":100,"pattern":"^[^\\s>]+->[^\\s>]+$"},"partial_output":{"$ref":"#/$defs/partial_output"},"reminder":{"description":"A note for a caller that repeats an identical call.","type":"string","maxLength":500}},"$defs":{"status":{"title":"EnvelopeStatus","description":"The core statuses plus timeout and refused, which only the harness sets.","enum":["complete","partial","blocked","timeout","refused"]},"verdict":{"title":"Verdict","type":"string","maxLength":500},"short_list":{"title":"ShortList","type":"array","maxItems":8,"items":{"type":"string","maxLength":500}},"effort":{"title":"Effort","enum":["minimal","low","medium","high","xhigh","max"]},"effort_substitution":{"title":"EffortSubstitution","type":"object","additionalProperties":false,"required":["requested","applied","reason"],"properties":{"requested":{"type":"string","maxLength":100},"applied":{"$ref":"#/$defs/effort"},"reason":{"type":"string","maxLength":500}}},"tokens":{"title":"TokenCounters","description":"Token counters as the child reported them, e.g. input, cached_input, output, reasoning_output.","type":"object","additionalProperties":{"type":"integer","minimum":0}},"run_id":{"title":"RunId","type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},"relative_path":{"title":"WorkspaceRelativePath","description":"A path relative to the workspace, with forward slashes.","type":"string","minLength":1,"maxLength":1000,"not":{"pattern":"^(/|[A-Za-z]:|\\\\)"}},"partial_output":{"title":"PartialOutput","description":"An unverified fragment of the last complete agent message of a Codex child stopped by the output limit.","type":"object","additionalProperties":false,"required":["text","unverified","truncated","source","bytes"],"properties":{"text":{"type":"string","maxLength":4096},"unverified":{"const":true},"truncated":{"description":"True when the message was longer than 4096 bytes of UTF-8 and was cut.","type":"boolean"},"source":{"const":"codex:item.completed:agent_message"},"bytes":{"description":"Length of text in UTF-8 bytes.","type":"integer","minimum":0,"maximum":4096}}}}};
const schema32 = {"title":"EnvelopeStatus","description":"The core statuses plus timeout and refused, which only the harness sets.","enum":["complete","partial","blocked","timeout","refused"]};
const schema33 = {"title":"Verdict","type":"string","maxLength":500};
const schema34 = {"title":"ShortList","type":"array","maxItems":8,"items":{"type":"string","maxLength":500}};
const schema38 = {"title":"Effort","enum":["minimal","low","medium","high","xhigh","max"]};
const schema41 = {"title":"TokenCounters","description":"Token counters as the child reported them, e.g. input, cached_input, output, reasoning_output.","type":"object","additionalProperties":{"type":"integer","minimum":0}};
const schema42 = {"title":"RunId","type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"};
const schema43 = {"title":"WorkspaceRelativePath","description":"A path relative to the workspace, with forward slashes.","type":"string","minLength":1,"maxLength":1000,"not":{"pattern":"^(/|[A-Za-z]:|\\\\)"}};
const schema45 = {"title":"PartialOutput","description":"An unverified fragment of the last complete agent message of a Codex child stopped by the output limit.","type":"object","additionalProperties":false,"required":["text","unverified","truncated","source","bytes"],"properties":{"text":{"type":"string","maxLength":4096},"unverified":{"const":true},"truncated":{"description":"True when the message was longer than 4096 bytes of UTF-8 and was cut.","type":"boolean"},"source":{"const":"codex:item.completed:agent_message"},"bytes":{"description":"Length of text in UTF-8 bytes.","type":"integer","minimum":0,"maximum":4096}}};
const func1 = Object.prototype.hasOwnProperty;
const func2 = runtime0.default;
const schema39 = {"title":"EffortSubstitution","type":"object","additionalProperties":false,"required":["requested","applied","reason"],"properties":{"requested":{"type":"string","maxLength":100},"applied":{"$ref":"#/$defs/effort"},"reason":{"type":"string","maxLength":500}}};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.requested === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requested"},message:"must have required property '"+"requested"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.applied === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "applied"},message:"must have required property '"+"applied"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.reason === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "requested") || (key0 === "applied")) || (key0 === "reason"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.requested !== undefined){
let data0 = data.requested;
if(typeof data0 === "string"){
if(func2(data0) > 100){
const err4 = {instancePath:instancePath+"/requested",schemaPath:"#/properties/requested/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/requested",schemaPath:"#/properties/requested/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.applied !== undefined){
let data1 = data.applied;
if(!((((((data1 === "minimal") || (data1 === "low")) || (data1 === "medium")) || (data1 === "high")) || (data1 === "xhigh")) || (data1 === "max"))){
const err6 = {instancePath:instancePath+"/applied",schemaPath:"#/$defs/effort/enum",keyword:"enum",params:{allowedValues: schema38.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.reason !== undefined){
let data2 = data.reason;
if(typeof data2 === "string"){
if(func2(data2) > 500){
const err7 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const pattern4 = new RegExp("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$", "u");
const pattern5 = new RegExp("^(/|[A-Za-z]:|\\\\)", "u");
const pattern7 = new RegExp("^[^\\s>]+->[^\\s>]+$", "u");

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="urn:peer-bridge:schema:harness-envelope" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.status === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.verdict === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.findings === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "findings"},message:"must have required property '"+"findings"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.files_touched === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "files_touched"},message:"must have required property '"+"files_touched"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.remaining === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "remaining"},message:"must have required property '"+"remaining"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.blockers === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "blockers"},message:"must have required property '"+"blockers"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.model === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.effort === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "effort"},message:"must have required property '"+"effort"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.effort_substituted === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "effort_substituted"},message:"must have required property '"+"effort_substituted"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.cost === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cost"},message:"must have required property '"+"cost"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.tokens === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tokens"},message:"must have required property '"+"tokens"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.duration_seconds === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "duration_seconds"},message:"must have required property '"+"duration_seconds"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.depth === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "depth"},message:"must have required property '"+"depth"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.run_id === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "run_id"},message:"must have required property '"+"run_id"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.incident === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "incident"},message:"must have required property '"+"incident"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.session_id === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "session_id"},message:"must have required property '"+"session_id"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.transcript_path === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "transcript_path"},message:"must have required property '"+"transcript_path"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.verb === undefined){
const err17 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verb"},message:"must have required property '"+"verb"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data.direction === undefined){
const err18 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "direction"},message:"must have required property '"+"direction"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema31.properties, key0))){
const err19 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.status !== undefined){
let data0 = data.status;
if(!(((((data0 === "complete") || (data0 === "partial")) || (data0 === "blocked")) || (data0 === "timeout")) || (data0 === "refused"))){
const err20 = {instancePath:instancePath+"/status",schemaPath:"#/$defs/status/enum",keyword:"enum",params:{allowedValues: schema32.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.verdict !== undefined){
let data1 = data.verdict;
if(typeof data1 === "string"){
if(func2(data1) > 500){
const err21 = {instancePath:instancePath+"/verdict",schemaPath:"#/$defs/verdict/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/verdict",schemaPath:"#/$defs/verdict/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.findings !== undefined){
let data2 = data.findings;
if(Array.isArray(data2)){
if(data2.length > 8){
const err23 = {instancePath:instancePath+"/findings",schemaPath:"#/$defs/short_list/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(func2(data3) > 500){
const err24 = {instancePath:instancePath+"/findings/" + i0,schemaPath:"#/$defs/short_list/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/findings/" + i0,schemaPath:"#/$defs/short_list/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/findings",schemaPath:"#/$defs/short_list/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.files_touched !== undefined){
let data4 = data.files_touched;
if(Array.isArray(data4)){
if(data4.length > 8){
const err27 = {instancePath:instancePath+"/files_touched",schemaPath:"#/$defs/short_list/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(func2(data5) > 500){
const err28 = {instancePath:instancePath+"/files_touched/" + i1,schemaPath:"#/$defs/short_list/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/files_touched/" + i1,schemaPath:"#/$defs/short_list/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/files_touched",schemaPath:"#/$defs/short_list/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.remaining !== undefined){
let data6 = data.remaining;
if(Array.isArray(data6)){
if(data6.length > 8){
const err31 = {instancePath:instancePath+"/remaining",schemaPath:"#/$defs/short_list/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
const len2 = data6.length;
for(let i2=0; i2<len2; i2++){
let data7 = data6[i2];
if(typeof data7 === "string"){
if(func2(data7) > 500){
const err32 = {instancePath:instancePath+"/remaining/" + i2,schemaPath:"#/$defs/short_list/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/remaining/" + i2,schemaPath:"#/$defs/short_list/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/remaining",schemaPath:"#/$defs/short_list/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.blockers !== undefined){
let data8 = data.blockers;
if(Array.isArray(data8)){
if(data8.length > 8){
const err35 = {instancePath:instancePath+"/blockers",schemaPath:"#/$defs/short_list/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
const len3 = data8.length;
for(let i3=0; i3<len3; i3++){
let data9 = data8[i3];
if(typeof data9 === "string"){
if(func2(data9) > 500){
const err36 = {instancePath:instancePath+"/blockers/" + i3,schemaPath:"#/$defs/short_list/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/blockers/" + i3,schemaPath:"#/$defs/short_list/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/blockers",schemaPath:"#/$defs/short_list/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.model !== undefined){
let data10 = data.model;
if((typeof data10 !== "string") && (data10 !== null)){
const err39 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: schema31.properties.model.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(typeof data10 === "string"){
if(func2(data10) > 200){
const err40 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
if(data.effort !== undefined){
let data11 = data.effort;
const _errs30 = errors;
let valid15 = false;
const _errs31 = errors;
if(!((((((data11 === "minimal") || (data11 === "low")) || (data11 === "medium")) || (data11 === "high")) || (data11 === "xhigh")) || (data11 === "max"))){
const err41 = {instancePath:instancePath+"/effort",schemaPath:"#/$defs/effort/enum",keyword:"enum",params:{allowedValues: schema38.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid0 = _errs31 === errors;
valid15 = valid15 || _valid0;
const _errs33 = errors;
if(data11 !== null){
const err42 = {instancePath:instancePath+"/effort",schemaPath:"#/properties/effort/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
var _valid0 = _errs33 === errors;
valid15 = valid15 || _valid0;
if(!valid15){
const err43 = {instancePath:instancePath+"/effort",schemaPath:"#/properties/effort/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
else {
errors = _errs30;
if(vErrors !== null){
if(_errs30){
vErrors.length = _errs30;
}
else {
vErrors = null;
}
}
}
}
if(data.effort_substituted !== undefined){
let data12 = data.effort_substituted;
const _errs36 = errors;
let valid17 = false;
const _errs37 = errors;
if(!(validate21(data12, {instancePath:instancePath+"/effort_substituted",parentData:data,parentDataProperty:"effort_substituted",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
var _valid1 = _errs37 === errors;
valid17 = valid17 || _valid1;
const _errs38 = errors;
if(data12 !== null){
const err44 = {instancePath:instancePath+"/effort_substituted",schemaPath:"#/properties/effort_substituted/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
var _valid1 = _errs38 === errors;
valid17 = valid17 || _valid1;
if(!valid17){
const err45 = {instancePath:instancePath+"/effort_substituted",schemaPath:"#/properties/effort_substituted/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
else {
errors = _errs36;
if(vErrors !== null){
if(_errs36){
vErrors.length = _errs36;
}
else {
vErrors = null;
}
}
}
}
if(data.cost !== undefined){
let data13 = data.cost;
if((!((typeof data13 == "number") && (isFinite(data13)))) && (data13 !== null)){
const err46 = {instancePath:instancePath+"/cost",schemaPath:"#/properties/cost/type",keyword:"type",params:{type: schema31.properties.cost.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err47 = {instancePath:instancePath+"/cost",schemaPath:"#/properties/cost/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
if(data.tokens !== undefined){
let data14 = data.tokens;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
for(const key1 in data14){
let data15 = data14[key1];
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err48 = {instancePath:instancePath+"/tokens/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/tokens/additionalProperties/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err49 = {instancePath:instancePath+"/tokens/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/tokens/additionalProperties/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
}
else {
const err50 = {instancePath:instancePath+"/tokens",schemaPath:"#/$defs/tokens/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.duration_seconds !== undefined){
let data16 = data.duration_seconds;
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err51 = {instancePath:instancePath+"/duration_seconds",schemaPath:"#/properties/duration_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/duration_seconds",schemaPath:"#/properties/duration_seconds/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.depth !== undefined){
let data17 = data.depth;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err53 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err54 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
if(data.run_id !== undefined){
let data18 = data.run_id;
if(typeof data18 === "string"){
if(!pattern4.test(data18)){
const err55 = {instancePath:instancePath+"/run_id",schemaPath:"#/$defs/run_id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"+"\""};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/run_id",schemaPath:"#/$defs/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.incident !== undefined){
let data19 = data.incident;
const _errs56 = errors;
let valid21 = false;
const _errs57 = errors;
const _errs60 = errors;
const _errs61 = errors;
if(typeof data19 === "string"){
if(!pattern5.test(data19)){
const err57 = {};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
var valid23 = _errs61 === errors;
if(valid23){
const err58 = {instancePath:instancePath+"/incident",schemaPath:"#/$defs/relative_path/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
else {
errors = _errs60;
if(vErrors !== null){
if(_errs60){
vErrors.length = _errs60;
}
else {
vErrors = null;
}
}
}
if(typeof data19 === "string"){
if(func2(data19) > 1000){
const err59 = {instancePath:instancePath+"/incident",schemaPath:"#/$defs/relative_path/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(func2(data19) < 1){
const err60 = {instancePath:instancePath+"/incident",schemaPath:"#/$defs/relative_path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/incident",schemaPath:"#/$defs/relative_path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
var _valid2 = _errs57 === errors;
valid21 = valid21 || _valid2;
const _errs62 = errors;
if(data19 !== null){
const err62 = {instancePath:instancePath+"/incident",schemaPath:"#/properties/incident/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
var _valid2 = _errs62 === errors;
valid21 = valid21 || _valid2;
if(!valid21){
const err63 = {instancePath:instancePath+"/incident",schemaPath:"#/properties/incident/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
else {
errors = _errs56;
if(vErrors !== null){
if(_errs56){
vErrors.length = _errs56;
}
else {
vErrors = null;
}
}
}
}
if(data.session_id !== undefined){
let data20 = data.session_id;
if((typeof data20 !== "string") && (data20 !== null)){
const err64 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/type",keyword:"type",params:{type: schema31.properties.session_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if(typeof data20 === "string"){
if(func2(data20) > 200){
const err65 = {instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
}
if(data.transcript_path !== undefined){
let data21 = data.transcript_path;
const _errs69 = errors;
const _errs70 = errors;
if(typeof data21 === "string"){
if(!pattern5.test(data21)){
const err66 = {};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
var valid25 = _errs70 === errors;
if(valid25){
const err67 = {instancePath:instancePath+"/transcript_path",schemaPath:"#/$defs/relative_path/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
else {
errors = _errs69;
if(vErrors !== null){
if(_errs69){
vErrors.length = _errs69;
}
else {
vErrors = null;
}
}
}
if(typeof data21 === "string"){
if(func2(data21) > 1000){
const err68 = {instancePath:instancePath+"/transcript_path",schemaPath:"#/$defs/relative_path/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(func2(data21) < 1){
const err69 = {instancePath:instancePath+"/transcript_path",schemaPath:"#/$defs/relative_path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
else {
const err70 = {instancePath:instancePath+"/transcript_path",schemaPath:"#/$defs/relative_path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data.verb !== undefined){
let data22 = data.verb;
if(!(((data22 === "implement") || (data22 === "advise")) || (data22 === "review"))){
const err71 = {instancePath:instancePath+"/verb",schemaPath:"#/properties/verb/enum",keyword:"enum",params:{allowedValues: schema31.properties.verb.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data.direction !== undefined){
let data23 = data.direction;
if(typeof data23 === "string"){
if(func2(data23) > 100){
const err72 = {instancePath:instancePath+"/direction",schemaPath:"#/properties/direction/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(!pattern7.test(data23)){
const err73 = {instancePath:instancePath+"/direction",schemaPath:"#/properties/direction/pattern",keyword:"pattern",params:{pattern: "^[^\\s>]+->[^\\s>]+$"},message:"must match pattern \""+"^[^\\s>]+->[^\\s>]+$"+"\""};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath:instancePath+"/direction",schemaPath:"#/properties/direction/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data.partial_output !== undefined){
let data24 = data.partial_output;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
if(data24.text === undefined){
const err75 = {instancePath:instancePath+"/partial_output",schemaPath:"#/$defs/partial_output/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if(data24.unverified === undefined){
const err76 = {instancePath:instancePath+"/partial_output",schemaPath:"#/$defs/partial_output/required",keyword:"required",params:{missingProperty: "unverified"},message:"must have required property '"+"unverified"+"'"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if(data24.truncated === undefined){
const err77 = {instancePath:instancePath+"/partial_output",schemaPath:"#/$defs/partial_output/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
if(data24.source === undefined){
const err78 = {instancePath:instancePath+"/partial_output",schemaPath:"#/$defs/partial_output/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if(data24.bytes === undefined){
const err79 = {instancePath:instancePath+"/partial_output",schemaPath:"#/$defs/partial_output/required",keyword:"required",params:{missingProperty: "bytes"},message:"must have required property '"+"bytes"+"'"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
for(const key2 in data24){
if(!(((((key2 === "text") || (key2 === "unverified")) || (key2 === "truncated")) || (key2 === "source")) || (key2 === "bytes"))){
const err80 = {instancePath:instancePath+"/partial_output",schemaPath:"#/$defs/partial_output/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
if(data24.text !== undefined){
let data25 = data24.text;
if(typeof data25 === "string"){
if(func2(data25) > 4096){
const err81 = {instancePath:instancePath+"/partial_output/text",schemaPath:"#/$defs/partial_output/properties/text/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
else {
const err82 = {instancePath:instancePath+"/partial_output/text",schemaPath:"#/$defs/partial_output/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data24.unverified !== undefined){
if(true !== data24.unverified){
const err83 = {instancePath:instancePath+"/partial_output/unverified",schemaPath:"#/$defs/partial_output/properties/unverified/const",keyword:"const",params:{allowedValue: true},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data24.truncated !== undefined){
if(typeof data24.truncated !== "boolean"){
const err84 = {instancePath:instancePath+"/partial_output/truncated",schemaPath:"#/$defs/partial_output/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data24.source !== undefined){
if("codex:item.completed:agent_message" !== data24.source){
const err85 = {instancePath:instancePath+"/partial_output/source",schemaPath:"#/$defs/partial_output/properties/source/const",keyword:"const",params:{allowedValue: "codex:item.completed:agent_message"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data24.bytes !== undefined){
let data29 = data24.bytes;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
const err86 = {instancePath:instancePath+"/partial_output/bytes",schemaPath:"#/$defs/partial_output/properties/bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 > 4096 || isNaN(data29)){
const err87 = {instancePath:instancePath+"/partial_output/bytes",schemaPath:"#/$defs/partial_output/properties/bytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4096},message:"must be <= 4096"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
if(data29 < 0 || isNaN(data29)){
const err88 = {instancePath:instancePath+"/partial_output/bytes",schemaPath:"#/$defs/partial_output/properties/bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
}
}
else {
const err89 = {instancePath:instancePath+"/partial_output",schemaPath:"#/$defs/partial_output/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data.reminder !== undefined){
let data30 = data.reminder;
if(typeof data30 === "string"){
if(func2(data30) > 500){
const err90 = {instancePath:instancePath+"/reminder",schemaPath:"#/properties/reminder/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
else {
const err91 = {instancePath:instancePath+"/reminder",schemaPath:"#/properties/reminder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
}
else {
const err92 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
