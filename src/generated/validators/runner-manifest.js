// Generated from schemas/runner-manifest.schema.json by scripts/gen-validators.ts (npm run gen:validators). Do not edit.
import runtime0Import from "ajv/dist/runtime/ucs2length.js";
const runtime0 = 'default' in Object(runtime0Import) ? runtime0Import : { default: runtime0Import };

export const validateManifest = validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"urn:peer-bridge:schema:runner-manifest","title":"RunnerManifest","description":"What a runner plugin is and what it asks to be allowed to do. Deny by default: the host grants only what this manifest requests and the user's config grants.","type":"object","additionalProperties":false,"required":["id","apiVersion","permissions"],"properties":{"id":{"description":"Stable runner id, lower-case (e.g. codex, claude, my-runner).","type":"string","pattern":"^[a-z][a-z0-9-]{0,63}$"},"apiVersion":{"description":"Version of the runner plugin API the runner was written against.","type":"integer","const":1},"description":{"type":"string","maxLength":500},"permissions":{"$ref":"#/$defs/permissions"},"workbench":{"description":"True when the runner hands RunRequest.workbench (peer-bridge's file workbench, an MCP server) to its CLI and turns the CLI's own edit tools off: implement runs then get it, and the peer is told to edit through it. Default false.","type":"boolean"}},"$defs":{"permissions":{"title":"RunnerPermissions","description":"Requested (in a manifest) or granted (in the user's config) permissions.","type":"object","additionalProperties":false,"required":["run","env","read","write"],"properties":{"run":{"description":"Executables: a bare command name (resolved at load from PEER_BRIDGE_<NAME>_BIN, else PATH) or an absolute path.","type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":1024,"pattern":"^[^\\s;|&`$<>]+$"}},"env":{"description":"Environment variable names passed through to the child, or a prefix pattern ending in * (e.g. CLAUDE_CODE_*).","type":"array","maxItems":64,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]*\\*?$"}},"read":{"description":"Paths the runner's children may read and be started in; ${workspace} is the run's workspace.","type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":4096}},"write":{"description":"Paths the runner's children may write; ${workspace} is the run's workspace.","type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":4096}}}}}};
const schema32 = {"title":"RunnerPermissions","description":"Requested (in a manifest) or granted (in the user's config) permissions.","type":"object","additionalProperties":false,"required":["run","env","read","write"],"properties":{"run":{"description":"Executables: a bare command name (resolved at load from PEER_BRIDGE_<NAME>_BIN, else PATH) or an absolute path.","type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":1024,"pattern":"^[^\\s;|&`$<>]+$"}},"env":{"description":"Environment variable names passed through to the child, or a prefix pattern ending in * (e.g. CLAUDE_CODE_*).","type":"array","maxItems":64,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]*\\*?$"}},"read":{"description":"Paths the runner's children may read and be started in; ${workspace} is the run's workspace.","type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":4096}},"write":{"description":"Paths the runner's children may write; ${workspace} is the run's workspace.","type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":4096}}}};
const pattern4 = new RegExp("^[a-z][a-z0-9-]{0,63}$", "u");
const pattern5 = new RegExp("^[^\\s;|&`$<>]+$", "u");
const pattern6 = new RegExp("^[A-Za-z_][A-Za-z0-9_]*\\*?$", "u");
const func1 = runtime0.default;

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="urn:peer-bridge:schema:runner-manifest" */;
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
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.apiVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "apiVersion"},message:"must have required property '"+"apiVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.permissions === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "permissions"},message:"must have required property '"+"permissions"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "id") || (key0 === "apiVersion")) || (key0 === "description")) || (key0 === "permissions")) || (key0 === "workbench"))){
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
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern4.test(data0)){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]{0,63}$"},message:"must match pattern \""+"^[a-z][a-z0-9-]{0,63}$"+"\""};
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
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.apiVersion !== undefined){
let data1 = data.apiVersion;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err6 = {instancePath:instancePath+"/apiVersion",schemaPath:"#/properties/apiVersion/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(1 !== data1){
const err7 = {instancePath:instancePath+"/apiVersion",schemaPath:"#/properties/apiVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.description !== undefined){
let data2 = data.description;
if(typeof data2 === "string"){
if(func1(data2) > 500){
const err8 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
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
const err9 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.permissions !== undefined){
let data3 = data.permissions;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.run === undefined){
const err10 = {instancePath:instancePath+"/permissions",schemaPath:"#/$defs/permissions/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data3.env === undefined){
const err11 = {instancePath:instancePath+"/permissions",schemaPath:"#/$defs/permissions/required",keyword:"required",params:{missingProperty: "env"},message:"must have required property '"+"env"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data3.read === undefined){
const err12 = {instancePath:instancePath+"/permissions",schemaPath:"#/$defs/permissions/required",keyword:"required",params:{missingProperty: "read"},message:"must have required property '"+"read"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data3.write === undefined){
const err13 = {instancePath:instancePath+"/permissions",schemaPath:"#/$defs/permissions/required",keyword:"required",params:{missingProperty: "write"},message:"must have required property '"+"write"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
for(const key1 in data3){
if(!((((key1 === "run") || (key1 === "env")) || (key1 === "read")) || (key1 === "write"))){
const err14 = {instancePath:instancePath+"/permissions",schemaPath:"#/$defs/permissions/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data3.run !== undefined){
let data4 = data3.run;
if(Array.isArray(data4)){
if(data4.length > 16){
const err15 = {instancePath:instancePath+"/permissions/run",schemaPath:"#/$defs/permissions/properties/run/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(typeof data5 === "string"){
if(func1(data5) > 1024){
const err16 = {instancePath:instancePath+"/permissions/run/" + i0,schemaPath:"#/$defs/permissions/properties/run/items/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(func1(data5) < 1){
const err17 = {instancePath:instancePath+"/permissions/run/" + i0,schemaPath:"#/$defs/permissions/properties/run/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!pattern5.test(data5)){
const err18 = {instancePath:instancePath+"/permissions/run/" + i0,schemaPath:"#/$defs/permissions/properties/run/items/pattern",keyword:"pattern",params:{pattern: "^[^\\s;|&`$<>]+$"},message:"must match pattern \""+"^[^\\s;|&`$<>]+$"+"\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/permissions/run/" + i0,schemaPath:"#/$defs/permissions/properties/run/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/permissions/run",schemaPath:"#/$defs/permissions/properties/run/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data3.env !== undefined){
let data6 = data3.env;
if(Array.isArray(data6)){
if(data6.length > 64){
const err21 = {instancePath:instancePath+"/permissions/env",schemaPath:"#/$defs/permissions/properties/env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
let data7 = data6[i1];
if(typeof data7 === "string"){
if(!pattern6.test(data7)){
const err22 = {instancePath:instancePath+"/permissions/env/" + i1,schemaPath:"#/$defs/permissions/properties/env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*\\*?$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]*\\*?$"+"\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/permissions/env/" + i1,schemaPath:"#/$defs/permissions/properties/env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/permissions/env",schemaPath:"#/$defs/permissions/properties/env/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data3.read !== undefined){
let data8 = data3.read;
if(Array.isArray(data8)){
if(data8.length > 16){
const err25 = {instancePath:instancePath+"/permissions/read",schemaPath:"#/$defs/permissions/properties/read/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const len2 = data8.length;
for(let i2=0; i2<len2; i2++){
let data9 = data8[i2];
if(typeof data9 === "string"){
if(func1(data9) > 4096){
const err26 = {instancePath:instancePath+"/permissions/read/" + i2,schemaPath:"#/$defs/permissions/properties/read/items/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(func1(data9) < 1){
const err27 = {instancePath:instancePath+"/permissions/read/" + i2,schemaPath:"#/$defs/permissions/properties/read/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err28 = {instancePath:instancePath+"/permissions/read/" + i2,schemaPath:"#/$defs/permissions/properties/read/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err29 = {instancePath:instancePath+"/permissions/read",schemaPath:"#/$defs/permissions/properties/read/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data3.write !== undefined){
let data10 = data3.write;
if(Array.isArray(data10)){
if(data10.length > 16){
const err30 = {instancePath:instancePath+"/permissions/write",schemaPath:"#/$defs/permissions/properties/write/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const len3 = data10.length;
for(let i3=0; i3<len3; i3++){
let data11 = data10[i3];
if(typeof data11 === "string"){
if(func1(data11) > 4096){
const err31 = {instancePath:instancePath+"/permissions/write/" + i3,schemaPath:"#/$defs/permissions/properties/write/items/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(func1(data11) < 1){
const err32 = {instancePath:instancePath+"/permissions/write/" + i3,schemaPath:"#/$defs/permissions/properties/write/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err33 = {instancePath:instancePath+"/permissions/write/" + i3,schemaPath:"#/$defs/permissions/properties/write/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err34 = {instancePath:instancePath+"/permissions/write",schemaPath:"#/$defs/permissions/properties/write/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/permissions",schemaPath:"#/$defs/permissions/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.workbench !== undefined){
if(typeof data.workbench !== "boolean"){
const err36 = {instancePath:instancePath+"/workbench",schemaPath:"#/properties/workbench/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validatePermissions = validate21;
const schema33 = {"title":"RunnerPermissions","description":"Requested (in a manifest) or granted (in the user's config) permissions.","type":"object","additionalProperties":false,"required":[],"properties":{"run":{"description":"Executables: a bare command name (resolved at load from PEER_BRIDGE_<NAME>_BIN, else PATH) or an absolute path.","type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":1024,"pattern":"^[^\\s;|&`$<>]+$"}},"env":{"description":"Environment variable names passed through to the child, or a prefix pattern ending in * (e.g. CLAUDE_CODE_*).","type":"array","maxItems":64,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]*\\*?$"}},"read":{"description":"Paths the runner's children may read and be started in; ${workspace} is the run's workspace.","type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":4096}},"write":{"description":"Paths the runner's children may write; ${workspace} is the run's workspace.","type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":4096}}},"$id":"urn:peer-bridge:schema:runner-manifest:validatePermissions"};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="urn:peer-bridge:schema:runner-manifest:validatePermissions" */;
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
for(const key0 in data){
if(!((((key0 === "run") || (key0 === "env")) || (key0 === "read")) || (key0 === "write"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.run !== undefined){
let data0 = data.run;
if(Array.isArray(data0)){
if(data0.length > 16){
const err1 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(typeof data1 === "string"){
if(func1(data1) > 1024){
const err2 = {instancePath:instancePath+"/run/" + i0,schemaPath:"#/properties/run/items/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func1(data1) < 1){
const err3 = {instancePath:instancePath+"/run/" + i0,schemaPath:"#/properties/run/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!pattern5.test(data1)){
const err4 = {instancePath:instancePath+"/run/" + i0,schemaPath:"#/properties/run/items/pattern",keyword:"pattern",params:{pattern: "^[^\\s;|&`$<>]+$"},message:"must match pattern \""+"^[^\\s;|&`$<>]+$"+"\""};
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
const err5 = {instancePath:instancePath+"/run/" + i0,schemaPath:"#/properties/run/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.env !== undefined){
let data2 = data.env;
if(Array.isArray(data2)){
if(data2.length > 64){
const err7 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const len1 = data2.length;
for(let i1=0; i1<len1; i1++){
let data3 = data2[i1];
if(typeof data3 === "string"){
if(!pattern6.test(data3)){
const err8 = {instancePath:instancePath+"/env/" + i1,schemaPath:"#/properties/env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*\\*?$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]*\\*?$"+"\""};
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
const err9 = {instancePath:instancePath+"/env/" + i1,schemaPath:"#/properties/env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.read !== undefined){
let data4 = data.read;
if(Array.isArray(data4)){
if(data4.length > 16){
const err11 = {instancePath:instancePath+"/read",schemaPath:"#/properties/read/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const len2 = data4.length;
for(let i2=0; i2<len2; i2++){
let data5 = data4[i2];
if(typeof data5 === "string"){
if(func1(data5) > 4096){
const err12 = {instancePath:instancePath+"/read/" + i2,schemaPath:"#/properties/read/items/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func1(data5) < 1){
const err13 = {instancePath:instancePath+"/read/" + i2,schemaPath:"#/properties/read/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/read/" + i2,schemaPath:"#/properties/read/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/read",schemaPath:"#/properties/read/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.write !== undefined){
let data6 = data.write;
if(Array.isArray(data6)){
if(data6.length > 16){
const err16 = {instancePath:instancePath+"/write",schemaPath:"#/properties/write/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const len3 = data6.length;
for(let i3=0; i3<len3; i3++){
let data7 = data6[i3];
if(typeof data7 === "string"){
if(func1(data7) > 4096){
const err17 = {instancePath:instancePath+"/write/" + i3,schemaPath:"#/properties/write/items/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(func1(data7) < 1){
const err18 = {instancePath:instancePath+"/write/" + i3,schemaPath:"#/properties/write/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/write/" + i3,schemaPath:"#/properties/write/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/write",schemaPath:"#/properties/write/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err21 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
