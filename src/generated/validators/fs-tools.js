// Generated from schemas/fs-tools.schema.json by scripts/gen-validators.ts (npm run gen:validators). Do not edit.
import runtime0Import from "ajv/dist/runtime/ucs2length.js";
const runtime0 = 'default' in Object(runtime0Import) ? runtime0Import : { default: runtime0Import };

export const read_file = validate21;
const schema32 = {"title":"ReadFileArgs","description":"Read a window of lines; observes the file's current version (or records its absence). When more follows the window, the result's next_offset (and next_column, inside a long line) say where to read on.","type":"object","additionalProperties":false,"required":["path"],"properties":{"path":{"description":"The file to read.","type":"string","minLength":1,"maxLength":4096},"encoding":{"description":"The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). Decoded strictly: bytes that are not valid in it are refused.","type":"string","minLength":1,"maxLength":64},"target":{"description":"disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.","type":"string","enum":["disk","buffer"]},"offset":{"description":"1-based first line of the window (default 1).","type":"integer","minimum":1},"column":{"description":"1-based first character (UTF-16 code unit) of the window's first line (default 1): with offset, where a result's next_offset and next_column say to go on inside a line too long for one window.","type":"integer","minimum":1},"limit":{"description":"Most lines in the window (default 2000); a window may end sooner at a size limit (then truncated is true).","type":"integer","minimum":1}}};
const func1 = runtime0.default;

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
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "path") || (key0 === "encoding")) || (key0 === "target")) || (key0 === "offset")) || (key0 === "column")) || (key0 === "limit"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 === "string"){
if(func1(data0) > 4096){
const err2 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func1(data0) < 1){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.encoding !== undefined){
let data1 = data.encoding;
if(typeof data1 === "string"){
if(func1(data1) > 64){
const err5 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func1(data1) < 1){
const err6 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.target !== undefined){
let data2 = data.target;
if(typeof data2 !== "string"){
const err8 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!((data2 === "disk") || (data2 === "buffer"))){
const err9 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/enum",keyword:"enum",params:{allowedValues: schema32.properties.target.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.offset !== undefined){
let data3 = data.offset;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err10 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 1 || isNaN(data3)){
const err11 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
if(data.column !== undefined){
let data4 = data.column;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err12 = {instancePath:instancePath+"/column",schemaPath:"#/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 1 || isNaN(data4)){
const err13 = {instancePath:instancePath+"/column",schemaPath:"#/properties/column/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.limit !== undefined){
let data5 = data.limit;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err14 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err15 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const write_file = validate22;
const schema33 = {"title":"WriteFileArgs","description":"Replace an observed file's whole content, or create a file that does not exist (never overwrites an unobserved file).","type":"object","additionalProperties":false,"required":["path","content"],"properties":{"path":{"description":"The file to write.","type":"string","minLength":1,"maxLength":4096},"encoding":{"description":"The encoding to write the content in, e.g. latin1, windows-1252, shift_jis, gbk, utf-8; needed to replace a file that is neither UTF-8 nor UTF-16 with a byte order mark. Default: the replaced file's own encoding, UTF-8 for a new file. Content it cannot represent is refused with FS_ENCODING.","type":"string","minLength":1,"maxLength":64},"target":{"description":"disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.","type":"string","enum":["disk","buffer"]},"expected_version":{"description":"The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.","type":"string","minLength":1,"maxLength":1024},"content":{"description":"The complete new text of the file.","type":"string"}}};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.content === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "path") || (key0 === "encoding")) || (key0 === "target")) || (key0 === "expected_version")) || (key0 === "content"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 === "string"){
if(func1(data0) > 4096){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data0) < 1){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.encoding !== undefined){
let data1 = data.encoding;
if(typeof data1 === "string"){
if(func1(data1) > 64){
const err6 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func1(data1) < 1){
const err7 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err8 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.target !== undefined){
let data2 = data.target;
if(typeof data2 !== "string"){
const err9 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!((data2 === "disk") || (data2 === "buffer"))){
const err10 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/enum",keyword:"enum",params:{allowedValues: schema33.properties.target.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data3 = data.expected_version;
if(typeof data3 === "string"){
if(func1(data3) > 1024){
const err11 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func1(data3) < 1){
const err12 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.content !== undefined){
if(typeof data.content !== "string"){
const err14 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const edit_file = validate23;
const schema34 = {"title":"EditFileArgs","description":"Replace an exact text in an observed file.","type":"object","additionalProperties":false,"required":["path","old_string","new_string"],"properties":{"path":{"description":"The file to edit.","type":"string","minLength":1,"maxLength":4096},"encoding":{"description":"The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.","type":"string","minLength":1,"maxLength":64},"target":{"description":"disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.","type":"string","enum":["disk","buffer"]},"expected_version":{"description":"The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.","type":"string","minLength":1,"maxLength":1024},"old_string":{"description":"The exact text to replace; must occur once unless replace_all.","type":"string","minLength":1},"new_string":{"description":"The replacement text.","type":"string"},"replace_all":{"description":"Replace every occurrence (default false).","type":"boolean"}}};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.old_string === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "old_string"},message:"must have required property '"+"old_string"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.new_string === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "new_string"},message:"must have required property '"+"new_string"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "path") || (key0 === "encoding")) || (key0 === "target")) || (key0 === "expected_version")) || (key0 === "old_string")) || (key0 === "new_string")) || (key0 === "replace_all"))){
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
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 === "string"){
if(func1(data0) > 4096){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(func1(data0) < 1){
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.encoding !== undefined){
let data1 = data.encoding;
if(typeof data1 === "string"){
if(func1(data1) > 64){
const err7 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func1(data1) < 1){
const err8 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err9 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.target !== undefined){
let data2 = data.target;
if(typeof data2 !== "string"){
const err10 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!((data2 === "disk") || (data2 === "buffer"))){
const err11 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/enum",keyword:"enum",params:{allowedValues: schema34.properties.target.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data3 = data.expected_version;
if(typeof data3 === "string"){
if(func1(data3) > 1024){
const err12 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func1(data3) < 1){
const err13 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err14 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.old_string !== undefined){
let data4 = data.old_string;
if(typeof data4 === "string"){
if(func1(data4) < 1){
const err15 = {instancePath:instancePath+"/old_string",schemaPath:"#/properties/old_string/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err16 = {instancePath:instancePath+"/old_string",schemaPath:"#/properties/old_string/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.new_string !== undefined){
if(typeof data.new_string !== "string"){
const err17 = {instancePath:instancePath+"/new_string",schemaPath:"#/properties/new_string/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.replace_all !== undefined){
if(typeof data.replace_all !== "boolean"){
const err18 = {instancePath:instancePath+"/replace_all",schemaPath:"#/properties/replace_all/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const multi_edit = validate24;
const schema35 = {"title":"MultiEditArgs","description":"Apply several exact replacements to one observed file, in order; all or nothing.","type":"object","additionalProperties":false,"required":["path","edits"],"properties":{"path":{"description":"The file to edit.","type":"string","minLength":1,"maxLength":4096},"encoding":{"description":"The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.","type":"string","minLength":1,"maxLength":64},"target":{"description":"disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.","type":"string","enum":["disk","buffer"]},"expected_version":{"description":"The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.","type":"string","minLength":1,"maxLength":1024},"edits":{"description":"Replacements applied one after another to the result of the previous one.","type":"array","minItems":1,"items":{"title":"MultiEditItem","type":"object","additionalProperties":false,"required":["old_string","new_string"],"properties":{"old_string":{"description":"The exact text to replace.","type":"string","minLength":1},"new_string":{"description":"The replacement text.","type":"string"},"replace_all":{"description":"Replace every occurrence (default false).","type":"boolean"}}}}}};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.edits === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "edits"},message:"must have required property '"+"edits"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "path") || (key0 === "encoding")) || (key0 === "target")) || (key0 === "expected_version")) || (key0 === "edits"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 === "string"){
if(func1(data0) > 4096){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data0) < 1){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.encoding !== undefined){
let data1 = data.encoding;
if(typeof data1 === "string"){
if(func1(data1) > 64){
const err6 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func1(data1) < 1){
const err7 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err8 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.target !== undefined){
let data2 = data.target;
if(typeof data2 !== "string"){
const err9 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!((data2 === "disk") || (data2 === "buffer"))){
const err10 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/enum",keyword:"enum",params:{allowedValues: schema35.properties.target.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data3 = data.expected_version;
if(typeof data3 === "string"){
if(func1(data3) > 1024){
const err11 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func1(data3) < 1){
const err12 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.edits !== undefined){
let data4 = data.edits;
if(Array.isArray(data4)){
if(data4.length < 1){
const err14 = {instancePath:instancePath+"/edits",schemaPath:"#/properties/edits/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.old_string === undefined){
const err15 = {instancePath:instancePath+"/edits/" + i0,schemaPath:"#/properties/edits/items/required",keyword:"required",params:{missingProperty: "old_string"},message:"must have required property '"+"old_string"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data5.new_string === undefined){
const err16 = {instancePath:instancePath+"/edits/" + i0,schemaPath:"#/properties/edits/items/required",keyword:"required",params:{missingProperty: "new_string"},message:"must have required property '"+"new_string"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key1 in data5){
if(!(((key1 === "old_string") || (key1 === "new_string")) || (key1 === "replace_all"))){
const err17 = {instancePath:instancePath+"/edits/" + i0,schemaPath:"#/properties/edits/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data5.old_string !== undefined){
let data6 = data5.old_string;
if(typeof data6 === "string"){
if(func1(data6) < 1){
const err18 = {instancePath:instancePath+"/edits/" + i0+"/old_string",schemaPath:"#/properties/edits/items/properties/old_string/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err19 = {instancePath:instancePath+"/edits/" + i0+"/old_string",schemaPath:"#/properties/edits/items/properties/old_string/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data5.new_string !== undefined){
if(typeof data5.new_string !== "string"){
const err20 = {instancePath:instancePath+"/edits/" + i0+"/new_string",schemaPath:"#/properties/edits/items/properties/new_string/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data5.replace_all !== undefined){
if(typeof data5.replace_all !== "boolean"){
const err21 = {instancePath:instancePath+"/edits/" + i0+"/replace_all",schemaPath:"#/properties/edits/items/properties/replace_all/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/edits/" + i0,schemaPath:"#/properties/edits/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/edits",schemaPath:"#/properties/edits/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const notebook_edit = validate25;
const schema36 = {"title":"NotebookEditArgs","description":"Replace, insert or delete one cell of an observed Jupyter notebook (.ipynb). Replacing a code cell's source clears its outputs and execution_count. The file's JSON layout (indentation, key order, final newline) is kept.","type":"object","additionalProperties":false,"required":["path","edit_mode"],"properties":{"path":{"description":"The notebook to edit.","type":"string","minLength":1,"maxLength":4096},"encoding":{"description":"The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.","type":"string","minLength":1,"maxLength":64},"target":{"description":"disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.","type":"string","enum":["disk","buffer"]},"expected_version":{"description":"The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.","type":"string","minLength":1,"maxLength":1024},"cell_id":{"description":"The cell's id (cells without ids: cell-N, 0-based). Required for replace and delete; for insert, the new cell goes after this cell, or first when absent.","type":"string","minLength":1},"new_source":{"description":"The cell's new source text (replace, insert).","type":"string"},"cell_type":{"description":"The cell's type: required for insert; for replace, changes the type when given.","type":"string","enum":["code","markdown"]},"edit_mode":{"description":"What to do with the cell.","type":"string","enum":["replace","insert","delete"]}}};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.edit_mode === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "edit_mode"},message:"must have required property '"+"edit_mode"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "path") || (key0 === "encoding")) || (key0 === "target")) || (key0 === "expected_version")) || (key0 === "cell_id")) || (key0 === "new_source")) || (key0 === "cell_type")) || (key0 === "edit_mode"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 === "string"){
if(func1(data0) > 4096){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data0) < 1){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.encoding !== undefined){
let data1 = data.encoding;
if(typeof data1 === "string"){
if(func1(data1) > 64){
const err6 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func1(data1) < 1){
const err7 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err8 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.target !== undefined){
let data2 = data.target;
if(typeof data2 !== "string"){
const err9 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!((data2 === "disk") || (data2 === "buffer"))){
const err10 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/enum",keyword:"enum",params:{allowedValues: schema36.properties.target.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data3 = data.expected_version;
if(typeof data3 === "string"){
if(func1(data3) > 1024){
const err11 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func1(data3) < 1){
const err12 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.cell_id !== undefined){
let data4 = data.cell_id;
if(typeof data4 === "string"){
if(func1(data4) < 1){
const err14 = {instancePath:instancePath+"/cell_id",schemaPath:"#/properties/cell_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/cell_id",schemaPath:"#/properties/cell_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.new_source !== undefined){
if(typeof data.new_source !== "string"){
const err16 = {instancePath:instancePath+"/new_source",schemaPath:"#/properties/new_source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.cell_type !== undefined){
let data6 = data.cell_type;
if(typeof data6 !== "string"){
const err17 = {instancePath:instancePath+"/cell_type",schemaPath:"#/properties/cell_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!((data6 === "code") || (data6 === "markdown"))){
const err18 = {instancePath:instancePath+"/cell_type",schemaPath:"#/properties/cell_type/enum",keyword:"enum",params:{allowedValues: schema36.properties.cell_type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.edit_mode !== undefined){
let data7 = data.edit_mode;
if(typeof data7 !== "string"){
const err19 = {instancePath:instancePath+"/edit_mode",schemaPath:"#/properties/edit_mode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!(((data7 === "replace") || (data7 === "insert")) || (data7 === "delete"))){
const err20 = {instancePath:instancePath+"/edit_mode",schemaPath:"#/properties/edit_mode/enum",keyword:"enum",params:{allowedValues: schema36.properties.edit_mode.enum},message:"must be equal to one of the allowed values"};
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
validate25.errors = vErrors;
return errors === 0;
}
validate25.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const delete_range = validate26;
const schema37 = {"title":"DeleteRangeArgs","description":"Delete whole lines start_line..end_line (1-based, inclusive) of an observed file.","type":"object","additionalProperties":false,"required":["path","start_line","end_line"],"properties":{"path":{"description":"The file to edit.","type":"string","minLength":1,"maxLength":4096},"encoding":{"description":"The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.","type":"string","minLength":1,"maxLength":64},"target":{"description":"disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.","type":"string","enum":["disk","buffer"]},"expected_version":{"description":"The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.","type":"string","minLength":1,"maxLength":1024},"start_line":{"description":"First line to delete (1-based).","type":"integer","minimum":1},"end_line":{"description":"Last line to delete (inclusive).","type":"integer","minimum":1}}};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.start_line === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "start_line"},message:"must have required property '"+"start_line"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.end_line === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "end_line"},message:"must have required property '"+"end_line"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "path") || (key0 === "encoding")) || (key0 === "target")) || (key0 === "expected_version")) || (key0 === "start_line")) || (key0 === "end_line"))){
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
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 === "string"){
if(func1(data0) > 4096){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(func1(data0) < 1){
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.encoding !== undefined){
let data1 = data.encoding;
if(typeof data1 === "string"){
if(func1(data1) > 64){
const err7 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func1(data1) < 1){
const err8 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err9 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.target !== undefined){
let data2 = data.target;
if(typeof data2 !== "string"){
const err10 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!((data2 === "disk") || (data2 === "buffer"))){
const err11 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/enum",keyword:"enum",params:{allowedValues: schema37.properties.target.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data3 = data.expected_version;
if(typeof data3 === "string"){
if(func1(data3) > 1024){
const err12 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func1(data3) < 1){
const err13 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err14 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.start_line !== undefined){
let data4 = data.start_line;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err15 = {instancePath:instancePath+"/start_line",schemaPath:"#/properties/start_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 1 || isNaN(data4)){
const err16 = {instancePath:instancePath+"/start_line",schemaPath:"#/properties/start_line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data.end_line !== undefined){
let data5 = data.end_line;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err17 = {instancePath:instancePath+"/end_line",schemaPath:"#/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err18 = {instancePath:instancePath+"/end_line",schemaPath:"#/properties/end_line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const delete_symbol = validate27;
const schema38 = {"title":"DeleteSymbolArgs","description":"Delete one definition (function, class, method, interface, type, enum; with its decorators or attributes and the comments directly above it) from an observed TypeScript, JavaScript, Python, Go, Rust or Java file.","type":"object","additionalProperties":false,"required":["path","symbol"],"properties":{"path":{"description":"The source file to edit.","type":"string","minLength":1,"maxLength":4096},"encoding":{"description":"The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.","type":"string","minLength":1,"maxLength":64},"target":{"description":"disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.","type":"string","enum":["disk","buffer"]},"expected_version":{"description":"The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.","type":"string","minLength":1,"maxLength":1024},"symbol":{"description":"A top-level name (e.g. parse), or Outer.name for a member (e.g. Parser.reset; Go methods as Type.Method; Rust methods of any impl block of the type).","type":"string","minLength":1,"maxLength":1024,"pattern":"^[^.\\s]+(\\.[^.\\s]+)*$"}}};
const pattern4 = new RegExp("^[^.\\s]+(\\.[^.\\s]+)*$", "u");

function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate27.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.symbol === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "symbol"},message:"must have required property '"+"symbol"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "path") || (key0 === "encoding")) || (key0 === "target")) || (key0 === "expected_version")) || (key0 === "symbol"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 === "string"){
if(func1(data0) > 4096){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data0) < 1){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.encoding !== undefined){
let data1 = data.encoding;
if(typeof data1 === "string"){
if(func1(data1) > 64){
const err6 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func1(data1) < 1){
const err7 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err8 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.target !== undefined){
let data2 = data.target;
if(typeof data2 !== "string"){
const err9 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!((data2 === "disk") || (data2 === "buffer"))){
const err10 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/enum",keyword:"enum",params:{allowedValues: schema38.properties.target.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data3 = data.expected_version;
if(typeof data3 === "string"){
if(func1(data3) > 1024){
const err11 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func1(data3) < 1){
const err12 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.symbol !== undefined){
let data4 = data.symbol;
if(typeof data4 === "string"){
if(func1(data4) > 1024){
const err14 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func1(data4) < 1){
const err15 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!pattern4.test(data4)){
const err16 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/pattern",keyword:"pattern",params:{pattern: "^[^.\\s]+(\\.[^.\\s]+)*$"},message:"must match pattern \""+"^[^.\\s]+(\\.[^.\\s]+)*$"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
validate27.errors = vErrors;
return errors === 0;
}
validate27.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const move_file = validate28;
const schema39 = {"title":"MoveFileArgs","description":"Move an observed file to a path that does not exist (never replaces).","type":"object","additionalProperties":false,"required":["path","new_path"],"properties":{"path":{"description":"The file to move.","type":"string","minLength":1,"maxLength":4096},"expected_version":{"description":"The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.","type":"string","minLength":1,"maxLength":1024},"new_path":{"description":"Where it goes; must not exist.","type":"string","minLength":1,"maxLength":4096}}};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.new_path === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "new_path"},message:"must have required property '"+"new_path"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "path") || (key0 === "expected_version")) || (key0 === "new_path"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 === "string"){
if(func1(data0) > 4096){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data0) < 1){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data1 = data.expected_version;
if(typeof data1 === "string"){
if(func1(data1) > 1024){
const err6 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func1(data1) < 1){
const err7 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err8 = {instancePath:instancePath+"/expected_version",schemaPath:"#/properties/expected_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.new_path !== undefined){
let data2 = data.new_path;
if(typeof data2 === "string"){
if(func1(data2) > 4096){
const err9 = {instancePath:instancePath+"/new_path",schemaPath:"#/properties/new_path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(func1(data2) < 1){
const err10 = {instancePath:instancePath+"/new_path",schemaPath:"#/properties/new_path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/new_path",schemaPath:"#/properties/new_path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const todo_write = validate29;
const schema40 = {"title":"TodoWriteArgs","description":"Replace this session's todo list with the whole list given. Ids are stable: an id names one item for the whole session (to reword an item, give it a new id); a dropped id can only come back as the same item. Every parent_id names an item of the list, without cycles. Status changes only when you set it (nothing is completed or reopened for you).","type":"object","additionalProperties":false,"required":["todos"],"properties":{"todos":{"description":"The complete list, in order.","type":"array","maxItems":500,"items":{"title":"TodoItem","type":"object","additionalProperties":false,"required":["id","content","status"],"properties":{"id":{"description":"The item's id, unique in the list and stable across calls.","type":"string","minLength":1,"maxLength":128},"content":{"description":"What is to be done.","type":"string","minLength":1,"maxLength":4000},"status":{"description":"Where the item stands.","type":"string","enum":["pending","in_progress","completed"]},"parent_id":{"description":"The id of the item this one is part of.","type":"string","minLength":1,"maxLength":128}}}}}};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate29.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.todos === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "todos"},message:"must have required property '"+"todos"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "todos")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.todos !== undefined){
let data0 = data.todos;
if(Array.isArray(data0)){
if(data0.length > 500){
const err2 = {instancePath:instancePath+"/todos",schemaPath:"#/properties/todos/maxItems",keyword:"maxItems",params:{limit: 500},message:"must NOT have more than 500 items"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.id === undefined){
const err3 = {instancePath:instancePath+"/todos/" + i0,schemaPath:"#/properties/todos/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data1.content === undefined){
const err4 = {instancePath:instancePath+"/todos/" + i0,schemaPath:"#/properties/todos/items/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1.status === undefined){
const err5 = {instancePath:instancePath+"/todos/" + i0,schemaPath:"#/properties/todos/items/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key1 in data1){
if(!((((key1 === "id") || (key1 === "content")) || (key1 === "status")) || (key1 === "parent_id"))){
const err6 = {instancePath:instancePath+"/todos/" + i0,schemaPath:"#/properties/todos/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data1.id !== undefined){
let data2 = data1.id;
if(typeof data2 === "string"){
if(func1(data2) > 128){
const err7 = {instancePath:instancePath+"/todos/" + i0+"/id",schemaPath:"#/properties/todos/items/properties/id/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func1(data2) < 1){
const err8 = {instancePath:instancePath+"/todos/" + i0+"/id",schemaPath:"#/properties/todos/items/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err9 = {instancePath:instancePath+"/todos/" + i0+"/id",schemaPath:"#/properties/todos/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data1.content !== undefined){
let data3 = data1.content;
if(typeof data3 === "string"){
if(func1(data3) > 4000){
const err10 = {instancePath:instancePath+"/todos/" + i0+"/content",schemaPath:"#/properties/todos/items/properties/content/maxLength",keyword:"maxLength",params:{limit: 4000},message:"must NOT have more than 4000 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(func1(data3) < 1){
const err11 = {instancePath:instancePath+"/todos/" + i0+"/content",schemaPath:"#/properties/todos/items/properties/content/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err12 = {instancePath:instancePath+"/todos/" + i0+"/content",schemaPath:"#/properties/todos/items/properties/content/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data1.status !== undefined){
let data4 = data1.status;
if(typeof data4 !== "string"){
const err13 = {instancePath:instancePath+"/todos/" + i0+"/status",schemaPath:"#/properties/todos/items/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(((data4 === "pending") || (data4 === "in_progress")) || (data4 === "completed"))){
const err14 = {instancePath:instancePath+"/todos/" + i0+"/status",schemaPath:"#/properties/todos/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema40.properties.todos.items.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data1.parent_id !== undefined){
let data5 = data1.parent_id;
if(typeof data5 === "string"){
if(func1(data5) > 128){
const err15 = {instancePath:instancePath+"/todos/" + i0+"/parent_id",schemaPath:"#/properties/todos/items/properties/parent_id/maxLength",keyword:"maxLength",params:{limit: 128},message:"must NOT have more than 128 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(func1(data5) < 1){
const err16 = {instancePath:instancePath+"/todos/" + i0+"/parent_id",schemaPath:"#/properties/todos/items/properties/parent_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/todos/" + i0+"/parent_id",schemaPath:"#/properties/todos/items/properties/parent_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath:instancePath+"/todos/" + i0,schemaPath:"#/properties/todos/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/todos",schemaPath:"#/properties/todos/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
validate29.errors = vErrors;
return errors === 0;
}
validate29.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const byName = { "read_file": read_file, "write_file": write_file, "edit_file": edit_file, "multi_edit": multi_edit, "notebook_edit": notebook_edit, "delete_range": delete_range, "delete_symbol": delete_symbol, "move_file": move_file, "todo_write": todo_write };
