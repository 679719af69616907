// Generated from schemas/envelope.schema.json by scripts/gen-validators.ts (npm run gen:validators). Do not edit.
import runtime0Import from "ajv/dist/runtime/ucs2length.js";
const runtime0 = 'default' in Object(runtime0Import) ? runtime0Import : { default: runtime0Import };

export const validateCore = validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"urn:peer-bridge:schema:envelope","title":"CoreEnvelope","description":"The model-authored core of a peer-bridge answer: what the child agent says about its work. Telemetry, identity, paths and lifecycle fields are added by the harness and must not appear here.","type":"object","additionalProperties":false,"required":["status","verdict","findings","files_touched","remaining","blockers"],"properties":{"status":{"description":"complete: the task is done; partial: some of it is done; blocked: the child could not proceed.","enum":["complete","partial","blocked"]},"verdict":{"description":"One-paragraph answer to the task.","type":"string","maxLength":500},"findings":{"type":"array","maxItems":8,"items":{"type":"string","maxLength":500},"description":"What the child found or did, one point per item."},"files_touched":{"type":"array","maxItems":8,"items":{"type":"string","maxLength":500},"description":"Workspace-relative paths of the files the child changed."},"remaining":{"type":"array","maxItems":8,"items":{"type":"string","maxLength":500},"description":"Work that is still open."},"blockers":{"type":"array","maxItems":8,"items":{"type":"string","maxLength":500},"description":"What stopped the child, concretely."},"details":{"description":"Verbose notes. They go to the run's transcript and are stripped from the public envelope.","type":"array","maxItems":32,"items":{"type":"string","maxLength":2000}}}};
const func1 = runtime0.default;

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="urn:peer-bridge:schema:envelope" */;
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
for(const key0 in data){
if(!(((((((key0 === "status") || (key0 === "verdict")) || (key0 === "findings")) || (key0 === "files_touched")) || (key0 === "remaining")) || (key0 === "blockers")) || (key0 === "details"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.status !== undefined){
let data0 = data.status;
if(!(((data0 === "complete") || (data0 === "partial")) || (data0 === "blocked"))){
const err7 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema31.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.verdict !== undefined){
let data1 = data.verdict;
if(typeof data1 === "string"){
if(func1(data1) > 500){
const err8 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.findings !== undefined){
let data2 = data.findings;
if(Array.isArray(data2)){
if(data2.length > 8){
const err10 = {instancePath:instancePath+"/findings",schemaPath:"#/properties/findings/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(func1(data3) > 500){
const err11 = {instancePath:instancePath+"/findings/" + i0,schemaPath:"#/properties/findings/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/findings/" + i0,schemaPath:"#/properties/findings/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/findings",schemaPath:"#/properties/findings/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.files_touched !== undefined){
let data4 = data.files_touched;
if(Array.isArray(data4)){
if(data4.length > 8){
const err14 = {instancePath:instancePath+"/files_touched",schemaPath:"#/properties/files_touched/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(func1(data5) > 500){
const err15 = {instancePath:instancePath+"/files_touched/" + i1,schemaPath:"#/properties/files_touched/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/files_touched/" + i1,schemaPath:"#/properties/files_touched/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/files_touched",schemaPath:"#/properties/files_touched/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.remaining !== undefined){
let data6 = data.remaining;
if(Array.isArray(data6)){
if(data6.length > 8){
const err18 = {instancePath:instancePath+"/remaining",schemaPath:"#/properties/remaining/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const len2 = data6.length;
for(let i2=0; i2<len2; i2++){
let data7 = data6[i2];
if(typeof data7 === "string"){
if(func1(data7) > 500){
const err19 = {instancePath:instancePath+"/remaining/" + i2,schemaPath:"#/properties/remaining/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/remaining/" + i2,schemaPath:"#/properties/remaining/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/remaining",schemaPath:"#/properties/remaining/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.blockers !== undefined){
let data8 = data.blockers;
if(Array.isArray(data8)){
if(data8.length > 8){
const err22 = {instancePath:instancePath+"/blockers",schemaPath:"#/properties/blockers/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const len3 = data8.length;
for(let i3=0; i3<len3; i3++){
let data9 = data8[i3];
if(typeof data9 === "string"){
if(func1(data9) > 500){
const err23 = {instancePath:instancePath+"/blockers/" + i3,schemaPath:"#/properties/blockers/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/blockers/" + i3,schemaPath:"#/properties/blockers/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/blockers",schemaPath:"#/properties/blockers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.details !== undefined){
let data10 = data.details;
if(Array.isArray(data10)){
if(data10.length > 32){
const err26 = {instancePath:instancePath+"/details",schemaPath:"#/properties/details/maxItems",keyword:"maxItems",params:{limit: 32},message:"must NOT have more than 32 items"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const len4 = data10.length;
for(let i4=0; i4<len4; i4++){
let data11 = data10[i4];
if(typeof data11 === "string"){
if(func1(data11) > 2000){
const err27 = {instancePath:instancePath+"/details/" + i4,schemaPath:"#/properties/details/items/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/details/" + i4,schemaPath:"#/properties/details/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/details",schemaPath:"#/properties/details/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err30 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
